import { z } from 'zod';
import { staffController, staffRoles } from './staff-controller.js';
import { idField, requiredText } from '../fields.js';
import { validation as v } from '../messages.js';

/** Each staff member's named views of the inbox (issue 30.5), kept on the server. */

/** How many views one staff member keeps. */
export const maxInboxViews = 30;

export const inboxViewsText = {
  label: 'Weergave',
  all: 'Standaardweergave',
  save: 'Weergave opslaan',
  name: 'Naam',
  nameRequired: 'Naam is verplicht',
  saved: (name: string) => `Weergave ‘${name}’ opgeslagen.`,
  remove: (name: string) => `Weergave ‘${name}’ verwijderen`,
  removed: (name: string) => `Weergave ‘${name}’ verwijderd.`,
  tooMany: `U kunt hoogstens ${maxInboxViews} weergaven bewaren; verwijder er eerst een.`,
} as const;

/** A staff member's named view: the inbox's address parameters (filters, sort and search) under a name. */
export const inboxView = z.object({ id: z.int(), name: z.string(), query: z.string() });
export type InboxView = z.infer<typeof inboxView>;

export const backofficeInboxViewCalls = staffController('InboxViews', staffRoles, {
  list: { method: 'GET', response: z.array(inboxView), summary: "The caller's own named views of the inbox, by name." },
  save: {
    method: 'POST',
    body: z.strictObject({
      name: requiredText(inboxViewsText.nameRequired, 60),
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
