import type { FastifyInstance } from 'fastify';
import { backupCodeCalls, backupCodeLoginCalls, calls, sessionCalls } from '@portal/contract';
import { registerCall } from '../../lib/http.js';
import { authOf } from '../../lib/auth-guard.js';
import { endOtherSessions, endSession, listSessions } from './account-sessions.js';
import type { AuthService } from './auth.service.js';
import { browserOf } from './sign-in-notices.js';

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService) {
  const { logins, sessions, passwordReset, password, totp } = auth;
  const a = calls.authentication;
  registerCall(app, a.loginWithCredentials, ({ body, request }) =>
    logins.login({ emailAddress: body.emailAddress, password: body.password, address: request.ip, browser: browserOf(request.headers) }),
  );
  registerCall(app, a.loginWithTotp, ({ body, request }) =>
    logins.login({ emailAddress: body.emailAddress, password: body.password, pin: body.pin, address: request.ip, browser: browserOf(request.headers) }),
  );
  registerCall(app, backupCodeLoginCalls.loginWithBackupCode, ({ body, request }) =>
    logins.login({
      emailAddress: body.emailAddress,
      password: body.password,
      backupCode: body.backupCode,
      address: request.ip,
      browser: browserOf(request.headers),
    }),
  );
  registerCall(app, a.refreshAccessToken, ({ body, request }) =>
    sessions.refresh({ refreshToken: body.refreshToken, address: request.ip }),
  );
  registerCall(app, a.logout, ({ request }) => sessions.logout(authOf(request), request.ip));
  registerCall(app, a.requestPasswordResetToken, ({ body, request }) =>
    passwordReset.requestPasswordReset({ emailAddress: body.emailAddress, address: request.ip }),
  );
  registerCall(app, a.isPasswordResetTokenValid, ({ body, request }) =>
    passwordReset.isOneTimeTokenValid(body.passwordResetToken, 'PasswordReset', request.ip),
  );
  registerCall(app, a.resetPassword, ({ body, request }) =>
    passwordReset.resetPassword({ token: body.passwordResetToken, password: body.password, address: request.ip, browser: browserOf(request.headers) }),
  );
  registerCall(app, a.isActivationKeyValid, ({ body, request }) =>
    passwordReset.isOneTimeTokenValid(body.activationToken, 'Activation', request.ip),
  );
  registerCall(app, a.activateAccount, ({ body, request }) =>
    passwordReset.activateAccount({ token: body.activationToken, password: body.password, address: request.ip, browser: browserOf(request.headers) }),
  );

  const acc = calls.account;
  registerCall(app, acc.updatePassword, ({ body, request }) =>
    password.changePassword(authOf(request), {
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
      address: request.ip,
      browser: browserOf(request.headers),
    }),
  );
  registerCall(app, acc.isTotpEnabled, ({ request }) => totp.isTotpEnabled(authOf(request)));
  registerCall(app, acc.getTotpSetupCode, ({ request }) => totp.totpSetup(authOf(request), request.ip));
  registerCall(app, acc.enableTotp, ({ body, request }) =>
    totp.enableTotp(authOf(request), {
      currentPassword: body.currentPassword,
      pin: body.verificationPin,
      address: request.ip,
      browser: browserOf(request.headers),
    }),
  );
  registerCall(app, acc.disableTotp, ({ body, request }) =>
    totp.disableTotp(authOf(request), { currentPassword: body.currentPassword, pin: body.pin, address: request.ip, browser: browserOf(request.headers) }),
  );
  registerCall(app, backupCodeCalls.getBackupCodeStatus, ({ request }) => totp.backupCodeStatus(authOf(request)));
  registerCall(app, sessionCalls.getSessions, ({ request }) => listSessions(auth.deps.db, authOf(request)));
  registerCall(app, sessionCalls.endSession, ({ body, request }) => endSession(auth.deps.db, authOf(request), body.sessionId, request.ip));
  registerCall(app, sessionCalls.endOtherSessions, ({ request }) => endOtherSessions(auth.deps.db, authOf(request), request.ip));
  registerCall(app, backupCodeCalls.createBackupCodes, ({ body, request }) =>
    totp.createBackupCodes(authOf(request), { currentPassword: body.currentPassword, address: request.ip, browser: browserOf(request.headers) }),
  );
}
