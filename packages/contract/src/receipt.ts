import { z } from 'zod';
import { amsterdamDate } from './roll-request.js';

/**
 * What a form's submit answers (issue 13): the submission's number and the reference the customer quotes, the
 * provider's mail names and "Mijn aanvragen en meldingen" shows. Before, the forms answered 204 without a body.
 */
export const submissionReceipt = z.object({
  submissionId: z.int(),
  /** 'AAN-2026-000123' for a request or question, 'MEL-2026-000124' for a report */
  reference: z.string(),
});
export type SubmissionReceipt = z.infer<typeof submissionReceipt>;

/** The kinds of submission that are reports of an imperfection ('Imperfection', 'ImperfectionOosterwolde', …). */
const isReport = (kind: string) => kind.startsWith('Imperfection');

/**
 * A submission's reference: AAN (aanvraag) or MEL (melding), the year it was received in the Netherlands, and its
 * number of six digits or more. The number alone identifies it; the rest tells a person what it is.
 */
export function submissionReference(kind: string, submissionId: number, receivedAt: Date | string): string {
  const year = amsterdamDate(new Date(receivedAt)).slice(0, 4);
  return `${isReport(kind) ? 'MEL' : 'AAN'}-${year}-${String(submissionId).padStart(6, '0')}`;
}

/** A service order's reference: BST (bestelling), the year it was placed in the Netherlands, and its number. */
export function serviceOrderReference(orderId: number, placedAt: Date | string): string {
  const year = amsterdamDate(new Date(placedAt)).slice(0, 4);
  return `BST-${year}-${String(orderId).padStart(6, '0')}`;
}

/**
 * The one reference of an inbox item, wherever it shows (the inbox, the item, the customer's screens, every
 * mail): AAN- or MEL- for a submission, BST- for a service order. Unique across kinds: submissions and orders are
 * numbered apart, and their prefixes differ.
 */
export function itemReference(item: { itemKind: 'Submission' | 'ServiceOrder'; kind: string; id: number; receivedAt: Date | string }): string {
  return item.itemKind === 'ServiceOrder' ? serviceOrderReference(item.id, item.receivedAt) : submissionReference(item.kind, item.id, item.receivedAt);
}

/**
 * What a person types to find an item by its number: '123' or the whole reference 'AAN-2026-000123',
 * 'MEL-…' or 'BST-…' (any case, spaces for the dashes). A reference names its kind of item (a submission or a
 * service order); a bare number either. null for anything else, or a number no id can be.
 */
export function referenceSearch(term: string): { id: number; itemKind: 'Submission' | 'ServiceOrder' | null } | null {
  const match = /^(?:#?(\d{1,10})|(aan|mel|bst)[\s-]*\d{4}[\s-]*(\d{1,10}))$/i.exec(term.trim());
  if (!match) return null;
  const id = Number(match[1] ?? match[3]);
  const prefix = match[2]?.toUpperCase();
  const itemKind = prefix === undefined ? null : prefix === 'BST' ? 'ServiceOrder' : 'Submission';
  return id >= 1 && id <= 2_147_483_647 ? { id, itemKind } : null;
}
