import { z } from 'zod';
import { staffController, staffRoles } from './staff-controller.js';
import { inboxTableRequest } from './inbox.js';
import { inboxStatus } from '../enums.js';
import { idField, requiredEnum, requiredText } from '../fields.js';
import { inboxItemKind, inboxKinds } from '../inbox.js';
import { validation as v } from '../messages.js';

/**
 * The inbox's queue tools (issue 30.5): due moments from a service time per kind, acts on many items at once,
 * the neighbours of an item in the list as it was filtered and sorted, new items since the list was shown, and
 * each staff member's named views.
 */

/** The most items one bulk act takes: a page of the largest size. */
export const maxBulkItems = 100;
/** A service time's bounds in hours: from one hour to eight weeks. */
export const serviceHoursRange = { min: 1, max: 1344 } as const;
/** How many views one staff member keeps. */
export const maxInboxViews = 30;
/** How often the list asks whether new items arrived (decision 0079). */
export const inboxPollSeconds = 30;

/** The Dutch texts of the queue tools that the server and the web app share. */
export const inboxQueueText = {
  dueHeader: 'Uiterlijk',
  overdue: 'Te laat',
  overdueFilter: 'Alleen te laat',
  dueFrom: { receiveDate: 'volgens de uiterste ontvangstdatum', serviceTime: 'volgens de servicetijd' },
  dueFact: 'Uiterlijk klaar',
  assignToMe: 'Mij toewijzen',
  assignedToMe: 'Aan u toegewezen.',
  archiveAndNext: 'Archiveren en volgende',
  archived: 'Gearchiveerd.',
  previous: 'Vorige',
  next: 'Volgende',
  position: (at: number, total: number) => `Item ${at} van ${total} in de lijst`,
  newItems: (count: number) => (count === 1 ? '1 nieuw item' : `${count} nieuwe items`),
  showNew: 'tonen',
  selectAll: 'Alles op deze pagina',
  selectItem: (reference: string) => `${reference} selecteren`,
  selected: (count: number) => `${count} geselecteerd`,
  bulkAssign: 'Toewijzen aan',
  bulkStatus: 'Status wijzigen',
  bulkApply: 'Toepassen',
  bulkDone: (count: number) => (count === 1 ? '1 item bijgewerkt.' : `${count} items bijgewerkt.`),
  bulkRefused: 'Niet gelukt:',
  itemUnavailable: 'Dit item bestaat niet, of u mag het niet inzien.',
  nobody: 'Niemand',
  views: 'Weergave',
  viewAll: 'Standaardweergave',
  saveView: 'Weergave opslaan',
  viewName: 'Naam',
  viewNameRequired: 'Naam is verplicht',
  viewSaved: (name: string) => `Weergave ‘${name}’ opgeslagen.`,
  deleteView: (name: string) => `Weergave ‘${name}’ verwijderen`,
  viewDeleted: (name: string) => `Weergave ‘${name}’ verwijderd.`,
  tooManyViews: `U kunt hoogstens ${maxInboxViews} weergaven bewaren; verwijder er eerst een.`,
  save: 'Opslaan',
  cancel: 'Annuleren',
  close: 'Sluiten',
  shortcutsTitle: 'Sneltoetsen',
  shortcutsHint: 'Sneltoetsen: druk op ?',
  shortcuts: [
    ['j', 'Volgende item'],
    ['k', 'Vorige item'],
    ['m', 'Mij toewijzen'],
    ['e', 'Archiveren (op een item: en naar het volgende)'],
    ['r', 'Beantwoorden (op een item)'],
    ['?', 'Deze lijst tonen'],
  ] as const,
  shortcutsNote: 'Sneltoetsen werken niet terwijl u in een veld typt.',
  serviceTimes: 'Servicetijden',
  serviceTimesIntro:
    'Binnen hoeveel uur na ontvangst een item klaar hoort te zijn, per soort. Een aanvraag rollen is uiterlijk klaar op de uiterste ontvangstdatum. De rapportage telt met dezelfde uren.',
  serviceHours: 'Uren',
  serviceHoursHint: (hours: number) => `standaard ${hours}`,
  serviceTimesSaved: 'De servicetijden zijn opgeslagen.',
} as const;

/** The service time of every kind, as the Beheerder set it or else the default. */
export const serviceTimes = z.array(
  z.object({ kind: z.enum(inboxKinds), hours: z.int(), defaultHours: z.int() }),
);
export type ServiceTimes = z.infer<typeof serviceTimes>;

const hoursField = z
  .int({ error: v.invalidValue })
  .min(serviceHoursRange.min, v.tooSmall(serviceHoursRange.min))
  .max(serviceHoursRange.max, v.tooLarge(serviceHoursRange.max));

const itemRef = z.strictObject({ itemKind: requiredEnum(inboxItemKind.options, v.invalidValue), id: idField(v.invalidValue) });
export type InboxItemRef = z.infer<typeof itemRef>;
const itemRefs = z.array(itemRef, { error: v.invalidValue }).min(1, v.required).max(maxBulkItems, v.tooLarge(maxBulkItems));

/** What a bulk act did: the items done, and each refused one by its reference with the reason. */
export const bulkResult = z.object({
  done: z.array(z.object({ itemKind: inboxItemKind, id: z.int() })),
  refused: z.array(z.object({ itemKind: inboxItemKind, id: z.int(), reference: z.string(), message: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResult>;

/** A neighbour of an item in the list. */
const neighbour = z.object({ itemKind: inboxItemKind, id: z.int() }).nullable();

/** A staff member's named view: the inbox's address parameters (filters, sort and search) under a name. */
export const inboxView = z.object({ id: z.int(), name: z.string(), query: z.string() });
export type InboxView = z.infer<typeof inboxView>;

export const backofficeInboxQueueCalls = staffController('InboxQueue', staffRoles, {
  bulkAssign: {
    method: 'POST',
    body: z.strictObject({ items: itemRefs, assigneeId: idField(v.invalidValue).nullable() }),
    response: bulkResult,
    summary: 'Give up to 100 items to one colleague (or nobody); each by the rules of Inbox/Assign, each audited.',
  },
  bulkSetStatus: {
    method: 'POST',
    body: z.strictObject({ items: itemRefs, status: requiredEnum(inboxStatus.options, v.required) }),
    response: bulkResult,
    summary: 'Set the status of up to 100 items; each by the rules of Inbox/SetStatus, each audited.',
  },
  getNeighbours: {
    method: 'POST',
    body: z.strictObject({ list: inboxTableRequest, item: itemRef }),
    response: z.object({ previous: neighbour, next: neighbour, position: z.int().nullable(), total: z.int() }),
    summary: 'The items before and after one item in the inbox as filtered, searched and sorted (null: none, or not in it).',
  },
  countSince: {
    method: 'POST',
    body: z.strictObject({ list: inboxTableRequest, since: z.iso.datetime({ offset: true, error: v.invalidValue }).nullable() }),
    response: z.object({ count: z.int(), asOf: z.string() }),
    summary: "How many items of the inbox as filtered arrived after `since` (none given: 0), and the server's time now.",
  },
});

export const backofficeInboxViewCalls = staffController('InboxViews', staffRoles, {
  list: { method: 'GET', response: z.array(inboxView), summary: "The caller's own named views of the inbox, by name." },
  save: {
    method: 'POST',
    body: z.strictObject({
      name: requiredText(inboxQueueText.viewNameRequired, 60),
      query: z.string({ error: v.invalidValue }).max(2000, v.tooLong(2000)),
    }),
    response: inboxView,
    summary: 'Keep a view under a name (the same name again: replaced).',
  },
  remove: {
    method: 'POST',
    body: z.strictObject({ id: idField(v.invalidValue) }),
    summary: "Remove one of the caller's views (another's: 404).",
  },
});

export const backofficeServiceTimeCalls = staffController('ServiceTimes', ['Beheerder'], {
  get: { method: 'GET', response: serviceTimes, summary: 'The service time of every kind (hours from receipt).' },
  save: {
    method: 'POST',
    body: z.strictObject({ times: z.array(z.strictObject({ kind: requiredEnum(inboxKinds, v.invalidValue), hours: hoursField })).max(inboxKinds.length) }),
    response: serviceTimes,
    summary: 'Set the service time of kinds (audited); a kind set to its default keeps no row of its own.',
  },
});
