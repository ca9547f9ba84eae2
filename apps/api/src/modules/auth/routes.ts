import type { FastifyInstance } from 'fastify';
import { calls } from '@portal/contract';
import { registerCall } from '../../lib/http.js';
import { authOf } from '../../lib/auth-guard.js';
import type { AuthService } from './auth.service.js';

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService) {
  const a = calls.authentication;
  registerCall(app, a.loginWithCredentials, ({ body, request }) =>
    auth.login({ emailAddress: body.emailAddress, password: body.password, address: request.ip }),
  );
  registerCall(app, a.loginWithTotp, ({ body, request }) =>
    auth.login({ emailAddress: body.emailAddress, password: body.password, pin: body.pin, address: request.ip }),
  );
  registerCall(app, a.refreshAccessToken, ({ body, request }) =>
    auth.refresh({ refreshToken: body.refreshToken, address: request.ip }),
  );
  registerCall(app, a.logout, ({ request }) => auth.logout(authOf(request), request.ip));
  registerCall(app, a.requestPasswordResetToken, ({ body, request }) =>
    auth.requestPasswordReset({ emailAddress: body.emailAddress, address: request.ip }),
  );
  registerCall(app, a.isPasswordResetTokenValid, ({ body, request }) =>
    auth.isOneTimeTokenValid(body.passwordResetToken, 'PasswordReset', request.ip),
  );
  registerCall(app, a.resetPassword, ({ body, request }) =>
    auth.resetPassword({ token: body.passwordResetToken, password: body.password, address: request.ip }),
  );
  registerCall(app, a.isActivationKeyValid, ({ body, request }) =>
    auth.isOneTimeTokenValid(body.activationToken, 'Activation', request.ip),
  );
  registerCall(app, a.activateAccount, ({ body, request }) =>
    auth.activateAccount({ token: body.activationToken, password: body.password, address: request.ip }),
  );

  const acc = calls.account;
  registerCall(app, acc.updatePassword, ({ body, request }) =>
    auth.changePassword(authOf(request), {
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
      address: request.ip,
    }),
  );
  registerCall(app, acc.isTotpEnabled, ({ request }) => auth.isTotpEnabled(authOf(request)));
  registerCall(app, acc.getTotpSetupCode, ({ request }) => auth.totpSetup(authOf(request), request.ip));
  registerCall(app, acc.enableTotp, ({ body, request }) =>
    auth.enableTotp(authOf(request), { currentPassword: body.currentPassword, pin: body.verificationPin, address: request.ip }),
  );
  registerCall(app, acc.disableTotp, ({ body, request }) =>
    auth.disableTotp(authOf(request), { currentPassword: body.currentPassword, pin: body.pin, address: request.ip }),
  );
}
