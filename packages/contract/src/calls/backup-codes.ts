import { z } from 'zod';
import { controller } from '../define.js';
import { validation as v } from '../messages.js';
import { emailAddressField, passwordField } from '../fields.js';
import { authData } from './authentication.js';

/*
 * Not in the spec (issue 13, point 4): one-time backup codes for two-factor login, for the day the phone is
 * lost or left at home. Kept apart from `calls` like the other additions; a server without them answers 404.
 */

/** How many codes a set has; a new set replaces the old one whole. */
export const backupCodeCount = 10;

/**
 * A backup code as typed: ten letters and digits, shown in two groups ('K7MQ2-XW9PD'). Spaces, dashes and
 * lower case are forgiven; a code of another shape is simply a wrong code (the server's answer, not a field rule).
 */
export const backupCodeField = () =>
  z
    .string({ error: v.backupCodeRequired })
    .trim()
    .min(1, { error: v.backupCodeRequired, abort: true })
    .max(40, v.invalidValue);

export const backupCodes = z.object({
  /** shown once: the server keeps only their hashes */
  codes: z.array(z.string()),
});
export type BackupCodes = z.infer<typeof backupCodes>;

export const backupCodeStatus = z.object({
  /** the unused codes of the account's current set; 0 when it has none */
  remaining: z.int(),
});
export type BackupCodeStatus = z.infer<typeof backupCodeStatus>;

export const backupCodeCalls = controller('Account', {
  getBackupCodeStatus: {
    method: 'GET',
    response: backupCodeStatus,
    summary: 'How many unused backup codes the own account has.',
  },
  createBackupCodes: {
    method: 'POST',
    body: z.strictObject({ currentPassword: passwordField(v.twoFactorPasswordRequired) }),
    response: backupCodes,
    summary: 'Make a new set of ten backup codes (two-factor login must be on); the previous set stops working.',
  },
});

export const backupCodeLoginCalls = controller('Authentication', {
  loginWithBackupCode: {
    method: 'POST',
    auth: false,
    body: z.strictObject({ emailAddress: emailAddressField(), password: passwordField(), backupCode: backupCodeField() }),
    response: authData,
    summary: 'Log in with credentials and one of the account\'s backup codes instead of a TOTP code; the code is then used up.',
  },
});
