import type { Pharmacist } from '@portal/contract';

/** `Anna van der Berg`: first name, middle name (tussenvoegsel) and last name. */
export function fullName(pharmacist: Pick<Pharmacist, 'firstName' | 'middleName' | 'lastName'>): string {
  return [pharmacist.firstName, pharmacist.middleName, pharmacist.lastName].filter(Boolean).join(' ');
}
