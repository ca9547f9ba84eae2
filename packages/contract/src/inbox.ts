import { z } from 'zod';
import type { InboxStatus } from './enums.js';

/**
 * What a customer sends the provider, as the back-office inbox and the customer's "Mijn aanvragen en meldingen"
 * both name it (issue 12): the kind of each item, its status and the way a status may change.
 */

/** Where an item is kept: a form submission (questions, requests, reports) or a service-product order. */
export const inboxItemKinds = ['Submission', 'ServiceOrder'] as const;
export const inboxItemKind = z.enum(inboxItemKinds);
export type InboxItemKind = z.infer<typeof inboxItemKind>;

/**
 * What an item is: the kinds a submission is stored with (the imperfection report variants each their own;
 * the basic form's is plain 'Imperfection'), and 'ServiceOrder' for an order.
 */
export const inboxKinds = [
  'NonFaqQuestion',
  'NewProduct',
  'ImmediateProduct',
  'Photo',
  'OfflineAssortment',
  'Imperfection',
  'ImperfectionOosterwolde',
  'ImperfectionApeldoorn',
  'ImperfectionAlkmaar',
  'ServiceOrder',
] as const;
export const inboxKind = z.enum(inboxKinds);
export type InboxKind = z.infer<typeof inboxKind>;

/** The Dutch name of each kind, as the tables, the detail and the mails show it. */
export const inboxKindLabels: Record<InboxKind, string> = {
  NonFaqQuestion: 'Vraag',
  NewProduct: 'Aanvraag nieuw product',
  ImmediateProduct: 'Aanvraag rollen',
  Photo: 'Aanvraag foto',
  OfflineAssortment: 'Aanvraag formulieren',
  Imperfection: 'Melding onvolkomenheden',
  ImperfectionOosterwolde: 'Melding onvolkomenheden (Oosterwolde)',
  ImperfectionApeldoorn: 'Melding onvolkomenheden (Apeldoorn)',
  ImperfectionAlkmaar: 'Melding onvolkomenheden (Alkmaar)',
  ServiceOrder: 'Bestelling serviceproducten',
};

/** The Dutch name of a kind; a kind this version does not know, as it came. */
export function inboxKindText(kind: string): string {
  return (inboxKindLabels as Record<string, string>)[kind] ?? kind;
}

/** The kind as a customer's mail names it: without the site that tells the provider's staff the variants apart. */
export function customerKindText(kind: string): string {
  return inboxKindText(kind).replace(/ \((Oosterwolde|Apeldoorn|Alkmaar)\)$/, '');
}

/** The kinds that are imperfection reports: all that the quality department (Kwaliteit) sees. */
export const imperfectionKinds = inboxKinds.filter((kind) => kind.startsWith('Imperfection'));
export const isImperfectionKind = (kind: string) => kind.startsWith('Imperfection');

/** The kinds kept as form submissions (every kind but the service order). */
export const submissionKinds = inboxKinds.filter((kind) => kind !== 'ServiceOrder');

/** Where an item is kept, as the back-office's address names it: /beheer/inbox/formulier/12, /beheer/inbox/bestelling/7. */
export const inboxItemSlugs = { Submission: 'formulier', ServiceOrder: 'bestelling' } as const satisfies Record<InboxItemKind, string>;

/** An item's page in the back-office (the links of the staff's mails point here). */
export const backofficeItemPath = (item: { itemKind: InboxItemKind; id: number }) => `/beheer/inbox/${inboxItemSlugs[item.itemKind]}/${item.id}`;

/** The Dutch name of each status, for the provider's staff and the customer alike. */
export const inboxStatusLabels: Record<InboxStatus, string> = {
  New: 'Nieuw',
  Processing: 'In behandeling',
  Archived: 'Gearchiveerd',
};

/** The Dutch name of a status; a status this version does not know, as it came. */
export function inboxStatusText(status: string): string {
  return (inboxStatusLabels as Record<string, string>)[status] ?? status;
}

/** Where a status may go: New → Processing → Archived, and an archived item back to Processing. */
export const inboxTransitions: Record<InboxStatus, readonly InboxStatus[]> = {
  New: ['Processing'],
  Processing: ['Archived'],
  Archived: ['Processing'],
};

export function canChangeStatus(from: string, to: string): boolean {
  const allowed = (inboxTransitions as Record<string, readonly string[] | undefined>)[from];
  return allowed?.includes(to) ?? false;
}

/** The statuses the inbox shows when none are asked for: what still needs work. */
export const openInboxStatuses: readonly InboxStatus[] = ['New', 'Processing'];
