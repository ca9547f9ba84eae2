import type { StaffListItem, StaffRole } from '@portal/contract';

export const roleDescriptions: Record<StaffRole, string> = {
  Beheerder: 'Alles: inbox, klanten, inhoud, medewerkers en logboek.',
  Klantenservice: 'Inbox, klanten en inhoud.',
  Kwaliteit: 'Meldingen onvolkomenheden in de inbox.',
};

export const staffFullName = (s: Pick<StaffListItem, 'firstName' | 'middleName' | 'lastName'>) =>
  [s.firstName, s.middleName, s.lastName].filter(Boolean).join(' ');

/** What the account's state is, in one word. */
export function staffState(s: StaffListItem): string {
  if (!s.isActive) return 'Uitgeschakeld';
  if (s.isInvited) return 'Uitgenodigd';
  if (!s.hasTotp) return 'Tweestapsverificatie nog instellen';
  return 'Actief';
}
