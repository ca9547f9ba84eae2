/**
 * The inbox's queue tools (issue 30.5): due moments, "Mij toewijzen", "Archiveren en volgende", the neighbours
 * of an item in the list as it was filtered and sorted, and new items since the list was shown. The bulk acts
 * (inbox-bulk.ts), the named views (inbox-views.ts), the service times and the keys' list have modules of their
 * own, so that the web app fetches each with the part of the screen that uses it; these texts are apart from their
 * calls (inbox-queue-calls.ts) for the same reason.
 */

/** How often the list asks whether new items arrived (decision 0088). */
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
  selectItem: (reference: string) => `${reference} selecteren`,
  itemUnavailable: 'Dit item bestaat niet, of u mag het niet inzien.',
  save: 'Opslaan',
  cancel: 'Annuleren',
  shortcutsHint: 'Sneltoetsen: druk op ?',
  serviceTimes: 'Servicetijden',
} as const;
