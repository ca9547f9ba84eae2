import { z } from 'zod';
import { staffController, staffRoles } from './staff-controller.js';

/** A staff member's own choices (issue 30.6): the daily overview of the inbox by mail. */
export const ownSettings = z.object({
  /** every working morning: items without a handler, one's own open items, items open too long */
  digestMails: z.boolean(),
});
export type OwnSettings = z.infer<typeof ownSettings>;

export const ownSettingsText = {
  /** the screen's one part: what the back-office mails its staff member */
  mailHeading: 'E-mail',
  failed: 'Het wijzigen van deze instelling is niet gelukt.',
  loading: 'Instellingen laden…',
  digestLabel: 'Dagelijks overzicht van de inbox per e-mail',
  digestHelp: 'Elke ochtend: items zonder behandelaar, uw eigen open items en items die te lang open staan. Zonder inhoud: alleen aantallen en de link.',
  saved: 'Uw keuze is opgeslagen.',
} as const;

export const backofficeOwnCalls = staffController('Own', staffRoles, {
  getSettings: { method: 'GET', response: ownSettings, summary: "The caller's own choices." },
  setSettings: { method: 'POST', body: z.strictObject({ digestMails: z.boolean() }), summary: "Change the caller's own choices." },
});
