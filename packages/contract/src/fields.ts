import { z } from 'zod';
import { validation as v } from './messages.js';
import { passwordPolicy } from './constants.js';

/**
 * Text PostgreSQL stores as it was sent: no NUL (its text cannot hold one) and no lone UTF-16 surrogate (the
 * driver would send U+FFFD in its place, so the stored text would differ from the sent). No U+FFFD either: it
 * stands where a decoder met bytes it could not read, so the text already lost what it said (issue 29.8). A
 * surrogate pair, one character beyond U+FFFF, is fine. A pattern rather than a refinement so that OpenAPI
 * documents it; it reads the same with and without the `u` flag.
 */
export const storableTextPattern = /^(?:[^\0\uD800-\uDFFF\uFFFD]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/** Text as it is stored: trimmed, bounded, and only characters the database can hold (issue 26.4). */
export const boundedText = (max = 200, message: string = v.invalidValue) =>
  z.string({ error: message }).trim().max(max, v.tooLong(max)).regex(storableTextPattern, v.unstorableText);

/** A required text field: trimmed, not empty, bounded, storable. */
export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, v.tooLong(max))
    .regex(storableTextPattern, v.unstorableText);

/**
 * A customer code as it is stored and looked up: in capitals (issue 26.8), so "apo-3001" is APO-3001 wherever it
 * comes in, and two codes that differ only in case are one code.
 */
export const customerCodeField = (message: string = v.required) => requiredText(message, 32).toUpperCase();

/** An optional text field; empty strings and null are taken as absent. */
export const optionalText = (max = 200) =>
  boundedText(max)
    .nullish()
    .transform((s) => (s ? s : null));

export const emailAddressField = (message: string = v.emailRequired) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(254, v.tooLong(254))
    .pipe(z.email({ error: v.invalidEmail }));

/** A password as typed at login or as current password: only required and bounded, never trimmed. */
export const passwordField = (message: string = v.passwordRequired) =>
  z.string({ error: message }).min(1, { error: message, abort: true }).max(passwordPolicy.maxLength, v.tooLong(passwordPolicy.maxLength));

/** A new password: the spec's policy (8+, upper, lower, digit), at most 128. */
export const newPasswordField = (message: string = v.newPasswordRequired) =>
  z
    .string({ error: message })
    .min(1, { error: message, abort: true })
    .max(passwordPolicy.maxLength, v.tooLong(passwordPolicy.maxLength))
    .refine((s) => s.length >= passwordPolicy.minLength && passwordPolicy.pattern.test(s), v.passwordPolicy);

/** A six-digit TOTP code. */
export const pinField = (message: string = v.codeRequired) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(6, v.invalidValue)
    .regex(/^\d{6}$/, v.invalidValue);

/** A one-time token from an e-mail link: 256 random bits as base64url. */
export const oneTimeTokenField = (message: string = v.required) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(128, v.tooLong(128));

/**
 * Whether `YYYY-MM-DD` (four, two and two digits) names a day of the Gregorian calendar: a month 01–12 and a day
 * the month has, 29 February in leap years only. Counted, not parsed as a Date: the server checks every date of
 * every answer it sends (a table of 20 rows, 20 dates), and two Date objects per date were a tenth of that work.
 */
export function isCalendarDay(s: string): boolean {
  const year = Number(s.slice(0, 4));
  const month = Number(s.slice(5, 7));
  const day = Number(s.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31);
}

/** ISO calendar date `YYYY-MM-DD`. */
export const isoDate = (message: string = v.required) =>
  z
    .string({ error: message })
    .min(1, { error: message, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, v.invalidDate)
    .refine(isCalendarDay, v.invalidDate);

/** The repeat of a new password: its only message is the spec's, whether it is missing, empty or different. */
export const passwordRepeatField = () =>
  z
    .string({ error: v.passwordRepeatMismatch })
    // Said on its own when empty: the object's equality check does not run while other fields are missing.
    .min(1, v.passwordRepeatMismatch)
    .max(passwordPolicy.maxLength, v.tooLong(passwordPolicy.maxLength));

/**
 * Adds the spec's repeat check to an object with a password field and its repeat. It runs even when other
 * fields have errors (`when`), so an empty or different repeat is reported together with them.
 */
export function withRepeat<T extends z.ZodObject>(schema: T, passwordKey: string, repeatKey: string) {
  return schema.refine(
    (value: Record<string, unknown>) => {
      const repeat = value[repeatKey];
      return typeof repeat === 'string' && repeat.length > 0 && repeat === value[passwordKey];
    },
    {
      path: [repeatKey],
      message: v.passwordRepeatMismatch,
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    },
  );
}

/** The largest id a 32-bit database integer (and an ASP.NET `int`) holds. */
export const maxId = 2_147_483_647;

/** A required positive integer id in a JSON body, e.g. `patientId`. */
export const idField = (message: string = v.required) =>
  z.int({ error: message }).min(1, { error: message, abort: true }).max(maxId, v.invalidValue);

/** An optional positive integer id; null and absence are the same. */
export const optionalIdField = () =>
  z.int({ error: v.invalidValue }).min(1, v.invalidValue).max(maxId, v.invalidValue).nullish();

/**
 * A positive integer id in the query string. Query values arrive as text, so the text is checked and then
 * coerced; a missing value gets `message`, a value that is not a whole number 'Ongeldige waarde'.
 */
export const queryIdField = (message: string = v.required) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .regex(/^\d{1,10}$/, v.invalidValue)
    .pipe(z.coerce.number<string>({ error: v.invalidValue }).int(v.invalidValue).min(1, v.invalidValue).max(maxId, v.invalidValue));

/** One of an enumeration's values; `message` when absent or empty, 'Ongeldige waarde' when unknown. */
export const requiredEnum = <const T extends readonly string[]>(values: T, message: string = v.required) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? message : v.invalidValue),
  });

/** A uuid as the file upload answers it (`fileGuid`, `imageGuid`). */
export const uuidField = (message: string = v.required) =>
  z.uuid({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? message : v.invalidValue) });

/** An optional uuid; null and absence are the same. */
export const optionalUuidField = () => z.uuid({ error: v.invalidValue }).nullish();

/** An optional ISO calendar date `YYYY-MM-DD`; null and absence are the same. */
export const optionalIsoDate = () => isoDate(v.invalidDate).nullish();

/** A filter's text (contains), trimmed; absent or empty filters nothing. */
export const filterText = (max = 100) => z.string({ error: v.invalidValue }).trim().max(max, v.tooLong(max)).nullish();

/** A time of day `HH:mm`, 24-hour clock. */
export const isoTime = (message: string = v.required) =>
  z
    .string({ error: message })
    .min(1, { error: message, abort: true })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, v.invalidValue);

/**
 * An ISO date-time: `YYYY-MM-DDTHH:mm[:ss[.fff]]`, with `Z` or an offset, or without one for a wall-clock
 * moment (when a patient swallowed something is local time).
 */
export const isoDateTime = (message: string = v.required) =>
  z
    .string({ error: message })
    .min(1, { error: message, abort: true })
    .pipe(z.iso.datetime({ local: true, offset: true, error: v.invalidDate }));

/** An optional e-mail address; empty strings and null are taken as absent. */
export const optionalEmailAddress = () =>
  z
    .string({ error: v.invalidEmail })
    .trim()
    .max(254, v.tooLong(254))
    .nullish()
    .transform((s) => (s ? s : null))
    .pipe(z.email({ error: v.invalidEmail }).nullable());
