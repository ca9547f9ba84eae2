import { z } from 'zod';
import { defineCall } from '../define.js';
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

const loginWithCredentials = defineCall({
  controller: 'Authentication',
  action: 'LoginWithCredentials',
  method: 'POST',
  auth: false,
  body: credentials,
  response: authData,
  extraStatuses: [409],
  summary: 'Log in with e-mail address and password; 409 when the account needs a TOTP code.',
});

const loginWithTotp = defineCall({
  controller: 'Authentication',
  action: 'LoginWithTotp',
  method: 'POST',
  auth: false,
  body: z.strictObject({ emailAddress: emailAddressField(), password: passwordField(), pin: pinField() }),
  response: authData,
  summary: 'Log in with credentials and a TOTP code.',
});

const refreshAccessToken = defineCall({
  controller: 'Authentication',
  action: 'RefreshAccessToken',
  method: 'POST',
  auth: false,
  body: z.strictObject({
    accessToken: z.string().max(4096).nullish(),
    refreshToken: oneTimeTokenField(),
  }),
  response: authData,
  summary: 'Trade a refresh token for new tokens; the refresh token is rotated.',
});

const requestPasswordResetToken = defineCall({
  controller: 'Authentication',
  action: 'RequestPasswordResetToken',
  method: 'POST',
  auth: false,
  body: z.strictObject({ emailAddress: emailAddressField() }),
  summary: 'Mail a password reset link; answers the same whether or not the address exists.',
});

const isPasswordResetTokenValid = defineCall({
  controller: 'Authentication',
  action: 'IsPasswordResetTokenValid',
  method: 'POST',
  auth: false,
  body: z.strictObject({ passwordResetToken: oneTimeTokenField() }),
  response: z.boolean(),
  summary: 'Whether a password reset token can still be used.',
});

const resetPassword = defineCall({
  controller: 'Authentication',
  action: 'ResetPassword',
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
});

const isActivationKeyValid = defineCall({
  controller: 'Authentication',
  action: 'IsActivationKeyValid',
  method: 'POST',
  auth: false,
  body: z.strictObject({ activationToken: oneTimeTokenField() }),
  response: z.boolean(),
  summary: 'Whether an activation token can still be used.',
});

const activateAccount = defineCall({
  controller: 'Authentication',
  action: 'ActivateAccount',
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
});

const logout = defineCall({
  controller: 'Authentication',
  action: 'Logout',
  method: 'POST',
  summary: 'End this session: its refresh-token family is revoked.',
});

export const authenticationCalls = {
  loginWithCredentials,
  loginWithTotp,
  refreshAccessToken,
  requestPasswordResetToken,
  isPasswordResetTokenValid,
  resetPassword,
  isActivationKeyValid,
  activateAccount,
  logout,
} as const;
