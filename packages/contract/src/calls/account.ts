import { z } from 'zod';
import { controller } from '../define.js';
import { validation as v } from '../messages.js';
import { newPasswordField, passwordField, passwordRepeatField, pinField, withRepeat } from '../fields.js';

export const totpSetup = z.object({
  /** PNG data URL of the QR code of the otpauth URI. */
  qrSetupCodeImage: z.string(),
  /** The same secret in base32, for typing into an authenticator by hand. */
  manualEntryKey: z.string(),
  enabled: z.boolean(),
});
export type TotpSetup = z.infer<typeof totpSetup>;

export const accountCalls = controller('Account', {
  updatePassword: {
    method: 'POST',
    body: withRepeat(
      z.strictObject({
        currentPassword: passwordField(v.currentPasswordRequired),
        newPassword: newPasswordField(v.newPasswordRequired),
        passwordRepeat: passwordRepeatField(),
      }),
      'newPassword',
      'passwordRepeat',
    ),
    summary: 'Change the own password; ends every other session of the account.',
  },
  isTotpEnabled: {
    method: 'GET',
    response: z.boolean(),
    summary: 'Whether two-factor login is on for the own account.',
  },
  getTotpSetupCode: {
    method: 'POST',
    response: totpSetup,
    summary: 'Make a new pending TOTP secret and answer its QR code.',
  },
  enableTotp: {
    method: 'POST',
    body: z.strictObject({
      currentPassword: passwordField(v.twoFactorPasswordRequired),
      verificationPin: pinField(),
    }),
    summary: 'Turn two-factor login on with the pending secret and a code from it.',
  },
  disableTotp: {
    method: 'POST',
    body: z.strictObject({
      currentPassword: passwordField(v.twoFactorPasswordRequired),
      pin: pinField(),
    }),
    summary: 'Turn two-factor login off; needs the password and a current code.',
  },
});
