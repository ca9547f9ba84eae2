import { z } from 'zod';
import { staffController, staffRoles } from './staff-controller.js';
import { idField, requiredEnum, requiredText } from '../fields.js';
import { inboxKinds, type InboxKind } from '../inbox.js';
import { validation as v } from '../messages.js';

/**
 * Saved replies (issue 30.4): an answer's subject and text that a Beheerder keeps for kinds of inbox item, with
 * placeholders that the answer form fills in from the item when a staff member chooses one. No customer data is
 * kept in them: the placeholders are filled in the browser, in the form, from the item shown.
 */

/** The placeholders a saved reply may hold and what each becomes. */
export const savedReplyPlaceholders = {
  klant: 'de naam van de klant',
  referentie: 'de referentie van het item',
  naam: 'de naam van de indiener',
  medewerker: 'uw eigen naam',
} as const;
export type SavedReplyPlaceholder = keyof typeof savedReplyPlaceholders;

export const savedReplyText = {
  nameRequired: 'Naam is verplicht',
  subjectRequired: 'Onderwerp is verplicht',
  textRequired: 'Tekst is verplicht',
  kindsRequired: 'Kies ten minste één soort, of kies Alle soorten',
  nameInUse: 'Er is al een standaardantwoord met deze naam',
  unknownPlaceholder: (name: string) => `Onbekende invulplek {${name}}; gebruik ${Object.keys(savedReplyPlaceholders).map((p) => `{${p}}`).join(', ')}`,
  allKinds: 'Alle soorten',
  saved: 'Het standaardantwoord is opgeslagen.',
  deleted: 'Het standaardantwoord is verwijderd.',
  none: 'Er zijn nog geen standaardantwoorden.',
  picker: 'Standaardantwoord',
  pickerNone: 'Geen standaardantwoord voor deze soort',
  replaceQuestion: 'Het onderwerp en de tekst die u typte vervangen door het standaardantwoord?',
  replace: 'Vervangen',
  keep: 'Behouden',
  help: `Invulplekken: ${Object.entries(savedReplyPlaceholders).map(([p, what]) => `{${p}} wordt ${what}`).join(', ')}.`,
} as const;

const placeholderPattern = /\{([a-z]+)\}/g;

/** Every `{word}` in a text that is not a known placeholder: a typing error the Beheerder is told about. */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(placeholderPattern)].map((m) => m[1] ?? '').filter((name) => !(name in savedReplyPlaceholders));
}

/**
 * A saved reply's text with its placeholders filled in. A value that is not known (an item without a submitter's
 * name) leaves the placeholder standing, so that the staff member sees what to write instead of a gap.
 */
export function fillSavedReply(text: string, values: Partial<Record<SavedReplyPlaceholder, string | null>>): string {
  return text.replace(placeholderPattern, (whole, name: string) => {
    const value = name in savedReplyPlaceholders ? values[name as SavedReplyPlaceholder] : undefined;
    return value?.trim() ? value.trim() : whole;
  });
}

export const savedReply = z.object({
  id: z.int(),
  name: z.string(),
  /** the kinds it is offered for; null: every kind */
  kinds: z.array(z.enum(inboxKinds)).nullable(),
  subject: z.string(),
  text: z.string(),
});
export type SavedReply = z.infer<typeof savedReply>;

const withKnownPlaceholders = (field: z.ZodString) =>
  field.superRefine((text, ctx) => {
    const [unknown] = unknownPlaceholders(text);
    if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: savedReplyText.unknownPlaceholder(unknown) });
  });

export const saveSavedReply = z.strictObject({
  id: idField().nullish(),
  name: requiredText(savedReplyText.nameRequired, 100),
  /** at least one kind; null: every kind */
  kinds: z
    .array(requiredEnum(inboxKinds, v.invalidValue), { error: v.invalidValue })
    .min(1, savedReplyText.kindsRequired)
    .max(inboxKinds.length)
    .nullable(),
  subject: withKnownPlaceholders(requiredText(savedReplyText.subjectRequired, 200)),
  text: withKnownPlaceholders(requiredText(savedReplyText.textRequired, 10_000)),
});
export type SaveSavedReply = z.infer<typeof saveSavedReply>;

/** The replies offered for a kind of item: those for that kind and those for every kind. */
export const savedRepliesFor = (replies: readonly SavedReply[], kind: InboxKind | string) =>
  replies.filter((reply) => reply.kinds === null || (reply.kinds as string[]).includes(kind));

export const backofficeSavedReplyCalls = staffController('SavedReplies', ['Beheerder'], {
  list: { method: 'GET', response: z.array(savedReply), roles: staffRoles, summary: 'Every saved reply, by name (each staff role that answers items).' },
  save: { method: 'POST', body: saveSavedReply, response: z.object({ id: z.int() }), summary: 'Create or change a saved reply (audited).' },
  delete: { method: 'POST', body: z.strictObject({ id: idField() }), summary: 'Delete a saved reply (audited).' },
});
