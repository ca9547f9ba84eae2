import { customerKindText, imperfectionKinds, inboxKindLabels, inboxKinds, itemReference, type InboxItemKind, type StaffRole } from '@portal/contract';
import { formatDate } from '@/lib/format';
import { backofficePaths } from '../../../paths';
import type { ItemRef } from '../api/inbox';

/** Where an item is kept, as its address names it: /beheer/inbox/formulier/12, /beheer/inbox/bestelling/7. */
const slugs: Record<InboxItemKind, string> = { Submission: 'formulier', ServiceOrder: 'bestelling' };

export function inboxItemHref({ itemKind, id }: ItemRef): string {
  return backofficePaths.inboxItem.path.replace(':kind', slugs[itemKind]).replace(':id', String(id));
}

/** The item an address names; null for one that names none. */
export function itemRefOf(slug: string | undefined, id: string | undefined): ItemRef | null {
  const itemKind = (Object.keys(slugs) as InboxItemKind[]).find((kind) => slugs[kind] === slug);
  const number = /^\d{1,10}$/.test(id ?? '') ? Number(id) : NaN;
  return itemKind && Number.isSafeInteger(number) && number > 0 && number <= 2_147_483_647 ? { itemKind, id: number } : null;
}

/** The kinds a role works on, for the kind filter: Kwaliteit the imperfection reports only. */
export function kindChoices(role: StaffRole) {
  const kinds = role === 'Kwaliteit' ? imperfectionKinds : inboxKinds;
  return kinds.map((kind) => ({ value: kind, label: inboxKindLabels[kind] }));
}

/** 'Uw aanvraag rollen van 03-03-2026': the subject an answer starts with. */
export function answerSubject(kind: string, receivedAt: string): string {
  const label = customerKindText(kind);
  return `Uw ${label.charAt(0).toLowerCase()}${label.slice(1)} van ${formatDate(receivedAt)}`;
}

/** 'AAN-2026-000012': the item's one reference, as the customer and every mail name it. */
export const referenceText = (item: { itemKind: InboxItemKind; kind: string; id: number; receivedAt: string }) => itemReference(item);
