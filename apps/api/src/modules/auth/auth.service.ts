import type { Db } from '../../db/database.js';
import type { Tx } from '../../db/tenancy.js';
import { type Account, type AuthDeps, endSessions } from './auth.shared.js';
import { LoginService } from './login.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { PasswordService } from './password.service.js';
import { SessionService } from './sessions.service.js';
import { TotpService } from './totp.service.js';

/** The auth module's services, one per flow, built on the same dependencies. */
export class AuthService {
  readonly logins: LoginService;
  readonly sessions: SessionService;
  readonly passwordReset: PasswordResetService;
  readonly password: PasswordService;
  readonly totp: TotpService;

  constructor(readonly deps: AuthDeps) {
    this.logins = new LoginService(deps);
    this.sessions = new SessionService(deps);
    this.passwordReset = new PasswordResetService(deps);
    this.password = new PasswordService(deps);
    this.totp = new TotpService(deps);
  }

  // What other modules use, inside their own transaction: the pharmacists module when it invites,
  // re-addresses or switches off an account.

  /**
   * Creates the activation token of a new account and queues its mail, in the caller's transaction: a tenant
   * one, or the owner's where a tool acts for the provider (hence `Db`, not the tenant-only `Tx`).
   */
  queueActivation(tx: Db, account: Account): Promise<void> {
    return this.passwordReset.queueActivation(tx, account);
  }

  /** Ends every session of an account but `keepFamilyId`. */
  endSessions(tx: Tx, customerId: string, accountId: number, keepFamilyId: string | null, reason: string): Promise<void> {
    return endSessions(tx, customerId, accountId, keepFamilyId, reason);
  }
}
