import { backupCodeCalls, backupCodeLoginCalls, calls, sessionCalls } from '@portal/contract';
import type { PortalDoor } from '../../doors/portal.js';
import { endOtherSessions, endSession, listSessions } from './account-sessions.js';
import type { AuthService } from './auth.service.js';
import { browserOf } from './sign-in-notices.js';
import { countedLogin } from '../../lib/observability/plugin.js';

export function registerAuthRoutes(portal: PortalDoor, auth: AuthService) {
  const { logins, sessions, passwordReset, password, totp } = auth;
  const a = calls.authentication;
  portal.open(a.loginWithCredentials, ({ body, request }) =>
    countedLogin(request, 'portal', logins.login({ emailAddress: body.emailAddress, password: body.password, address: request.ip, browser: browserOf(request.headers) })),
  );
  portal.open(a.loginWithTotp, ({ body, request }) =>
    countedLogin(
      request,
      'portal',
      logins.login({ emailAddress: body.emailAddress, password: body.password, pin: body.pin, address: request.ip, browser: browserOf(request.headers) }),
    ),
  );
  portal.open(backupCodeLoginCalls.loginWithBackupCode, ({ body, request }) =>
    countedLogin(
      request,
      'portal',
      logins.login({
        emailAddress: body.emailAddress,
        password: body.password,
        backupCode: body.backupCode,
        address: request.ip,
        browser: browserOf(request.headers),
      }),
    ),
  );
  portal.open(a.refreshAccessToken, ({ body, request }) =>
    sessions.refresh({ refreshToken: body.refreshToken, address: request.ip }),
  );
  portal.admitted(a.logout, ({ principal, request }) => sessions.logout(principal, request.ip));
  portal.open(a.requestPasswordResetToken, ({ body, request }) =>
    passwordReset.requestPasswordReset({ emailAddress: body.emailAddress, address: request.ip }),
  );
  portal.open(a.isPasswordResetTokenValid, ({ body, request }) =>
    passwordReset.isOneTimeTokenValid(body.passwordResetToken, 'PasswordReset', request.ip),
  );
  portal.open(a.resetPassword, ({ body, request }) =>
    passwordReset.resetPassword({ token: body.passwordResetToken, password: body.password, address: request.ip, browser: browserOf(request.headers) }),
  );
  portal.open(a.isActivationKeyValid, ({ body, request }) =>
    passwordReset.isOneTimeTokenValid(body.activationToken, 'Activation', request.ip),
  );
  portal.open(a.activateAccount, ({ body, request }) =>
    passwordReset.activateAccount({ token: body.activationToken, password: body.password, address: request.ip, browser: browserOf(request.headers) }),
  );

  const acc = calls.account;
  portal.admitted(acc.updatePassword, ({ principal, body, request }) =>
    password.changePassword(principal, {
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
      address: request.ip,
      browser: browserOf(request.headers),
    }),
  );
  portal.admitted(acc.isTotpEnabled, ({ principal }) => totp.isTotpEnabled(principal));
  portal.admitted(acc.getTotpSetupCode, ({ principal, request }) => totp.totpSetup(principal, request.ip));
  portal.admitted(acc.enableTotp, ({ principal, body, request }) =>
    totp.enableTotp(principal, {
      currentPassword: body.currentPassword,
      pin: body.verificationPin,
      address: request.ip,
      browser: browserOf(request.headers),
    }),
  );
  portal.admitted(acc.disableTotp, ({ principal, body, request }) =>
    totp.disableTotp(principal, { currentPassword: body.currentPassword, pin: body.pin, address: request.ip, browser: browserOf(request.headers) }),
  );
  portal.admitted(backupCodeCalls.getBackupCodeStatus, ({ principal }) => totp.backupCodeStatus(principal));
  portal.admitted(sessionCalls.getSessions, ({ principal }) => listSessions(auth.deps.db, principal));
  portal.admitted(sessionCalls.endSession, ({ principal, body, request }) => endSession(auth.deps.db, principal, body.sessionId, request.ip));
  portal.admitted(sessionCalls.endOtherSessions, ({ principal, request }) => endOtherSessions(auth.deps.db, principal, request.ip));
  portal.admitted(backupCodeCalls.createBackupCodes, ({ principal, body, request }) =>
    totp.createBackupCodes(principal, { currentPassword: body.currentPassword, address: request.ip, browser: browserOf(request.headers) }),
  );
}
