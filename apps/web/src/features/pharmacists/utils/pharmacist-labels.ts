import type { Pharmacist, PharmacistType } from '@portal/contract';

/** The account types as the screens name them. */
export const pharmacistTypeLabels: Record<PharmacistType, string> = {
  Administrator: 'Beheerder',
  Employee: 'Medewerker',
};

export const yesNo = (value: boolean) => (value ? 'Ja' : 'Nee');

/** `Anna van der Berg`: first name, middle name (tussenvoegsel) and last name. */
export function fullName(pharmacist: Pick<Pharmacist, 'firstName' | 'middleName' | 'lastName'>): string {
  return [pharmacist.firstName, pharmacist.middleName, pharmacist.lastName].filter(Boolean).join(' ');
}
