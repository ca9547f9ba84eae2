import { z } from 'zod';
import { controller } from '../define.js';
import {
  emailAddressField,
  newPasswordField,
  oneTimeTokenField,
  passwordField,
  pinField,
  passwordRepeatField,
  withRepeat,
} from '../fields.js';

export const userInfo = z.object({ firstName: z.string(), isAdministrator: z.boolean() });
export type UserInfo = z.infer<typeof userInfo>;

/** What a login or a refresh answers; the web app keeps it in localStorage. */
export const authData = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  userInfo,
});
export type AuthData = z.infer<typeof authData>;

export const credentials = z.strictObject({
  emailAddress: emailAddressField(),
  password: passwordField(),
});

export const authenticationCalls = controller('Authentication', {
  loginWithCredentials: {
    method: 'POST',
    auth: false,
    body: credentials,
    response: authData,
    extraStatuses: [409],
    summary: 'Log in with e-mail address and password; 409 when the account needs a TOTP code.',
  },
  loginWithTotp: {
    method: 'POST',
    auth: false,
    body: z.strictObject({ emailAddress: emailAddressField(), password: passwordField(), pin: pinField() }),
    response: authData,
    summary: 'Log in with credentials and a TOTP code.',
  },
  refreshAccessToken: {
    method: 'POST',
    auth: false,
    body: z.strictObject({
      accessToken: z.string().max(4096).nullish(),
      refreshToken: oneTimeTokenField(),
    }),
    response: authData,
    summary: 'Trade a refresh token for new tokens; the refresh token is rotated.',
  },
  requestPasswordResetToken: {
    method: 'POST',
    auth: false,
    body: z.strictObject({ emailAddress: emailAddressField() }),
    summary: 'Mail a password reset link; answers the same whether or not the address exists.',
  },
  isPasswordResetTokenValid: {
    method: 'POST',
    auth: false,
    body: z.strictObject({ passwordResetToken: oneTimeTokenField() }),
    response: z.boolean(),
    summary: 'Whether a password reset token can still be used.',
  },
  resetPassword: {
    method: 'POST',
    auth: false,
    body: withRepeat(
      z.strictObject({
        passwordResetToken: oneTimeTokenField(),
        password: newPasswordField(),
        passwordRepeat: passwordRepeatField(),
      }),
      'password',
      'passwordRepeat',
    ),
    summary: 'Set a new password with a reset token; ends all sessions of the account.',
  },
  isActivationKeyValid: {
    method: 'POST',
    auth: false,
    body: z.strictObject({ activationToken: oneTimeTokenField() }),
    response: z.boolean(),
    summary: 'Whether an activation token can still be used.',
  },
  activateAccount: {
    method: 'POST',
    auth: false,
    body: withRepeat(
      z.strictObject({
        activationToken: oneTimeTokenField(),
        password: newPasswordField(),
        passwordRepeat: passwordRepeatField(),
      }),
      'password',
      'passwordRepeat',
    ),
    summary: 'Activate a new account and set its first password.',
  },
  logout: {
    method: 'POST',
    summary: 'End this session: its refresh-token family is revoked.',
  },
});
