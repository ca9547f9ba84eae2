import { z } from 'zod';
import { validation as v } from './messages.js';
import { passwordPolicy } from './constants.js';

/** A required text field: trimmed, not empty, bounded. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, v.tooLong(max));

/** An optional text field; empty strings and null are taken as absent. */
export const optionalText = (max = 200) =>
  z
    .string({ error: v.invalidValue })
    .trim()
    .max(max, v.tooLong(max))
    .nullish()
    .transform((s) => (s ? s : null));

export const emailAddressField = (message: string = v.emailRequired) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(254, v.tooLong(254))
    .pipe(z.email({ error: v.invalidEmail }));

/** A password as typed at login or as current password: only required and bounded, never trimmed. */
export const passwordField = (message: string = v.passwordRequired) =>
  z.string({ error: message }).min(1, message).max(passwordPolicy.maxLength, v.tooLong(passwordPolicy.maxLength));

/** A new password: the spec's policy (8+, upper, lower, digit), at most 128. */
export const newPasswordField = (message: string = v.newPasswordRequired) =>
  z
    .string({ error: message })
    .min(1, message)
    .max(passwordPolicy.maxLength, v.tooLong(passwordPolicy.maxLength))
    .refine((s) => s.length >= passwordPolicy.minLength && passwordPolicy.pattern.test(s), v.passwordPolicy);

/** A six-digit TOTP code. */
export const pinField = (message: string = v.codeRequired) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(6, v.invalidValue)
    .regex(/^\d{6}$/, v.invalidValue);

/** A one-time token from an e-mail link: 256 random bits as base64url. */
export const oneTimeTokenField = (message: string = v.required) =>
  z.string({ error: message }).trim().min(1, message).max(128, v.tooLong(128));

/** ISO calendar date `YYYY-MM-DD`. */
export const isoDate = (message: string = v.required) =>
  z
    .string({ error: message })
    .min(1, message)
    .regex(/^\d{4}-\d{2}-\d{2}$/, v.invalidDate)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), v.invalidDate);

/** Adds the spec's repeat check to an object with `password`-like and repeat fields. */
export function withRepeat<T extends z.ZodObject>(schema: T, passwordKey: string, repeatKey: string) {
  return schema.superRefine((value: Record<string, unknown>, ctx) => {
    const repeat = value[repeatKey];
    if (typeof repeat !== 'string' || repeat.length === 0 || repeat !== value[passwordKey]) {
      ctx.addIssue({ code: 'custom', path: [repeatKey], message: v.passwordRepeatMismatch });
    }
  });
}
