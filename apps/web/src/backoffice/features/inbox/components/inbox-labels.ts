import { backofficeItemPath, customerKindText, imperfectionKinds, inboxItemSlugs as slugs, inboxKindLabels, inboxKinds, itemReference, type InboxItemKind, type StaffRole } from '@portal/contract';
import { formatDate } from '@/lib/format';
import type { ItemRef } from '../api/inbox';

export const inboxItemHref = (ref: ItemRef): string => backofficeItemPath(ref);

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

/** A row's key in the inbox's lists (a selection, the row the keys point at): its kind of item and number. */
export const rowKeyOf = (row: { itemKind: string; id: number }) => `${row.itemKind}:${row.id}`;

/** 'AAN-2026-000012': the item's one reference, as the customer and every mail name it. */
export const referenceText = (item: { itemKind: InboxItemKind; kind: string; id: number; receivedAt: string }) => itemReference(item);
