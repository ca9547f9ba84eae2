import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { withTenant } from '../../db/tenancy.js';
import { calls } from '@portal/contract';
import { auditRows, type TestAccount } from '../../test/harness.js';
import { freshAddress, totpCode } from '../../test/auth-helpers.js';
import { authTestContext } from './test-context.js';

const t = authTestContext();

interface AuditRow {
  action: string;
  outcome: string;
  account_id: number | null;
  client_id: string | null;
  address?: string | null;
  details?: Record<string, unknown> | null;
}

/** The audit rows of one action for one account (or, with `account` null, rows without an account). */
async function rowsFor(action: string, account: TestAccount | null): Promise<AuditRow[]> {
  const rows = (await auditRows(t.ctx, action)) as AuditRow[];
  return rows.filter((row) => (account ? row.account_id === account.id && row.client_id === account.customerId : row.account_id === null));
}

/** inet as text carries the prefix length of a single host. */
const hostOf = (address: string | null | undefined) => (address ?? '').replace(/\/(32|128)$/, '');

describe('audit rows of authentication and account changes', () => {
  it('a successful login: Login/Success with account, customer and address', async () => {
    const account = await t.account();
    const address = freshAddress();
    await t.login(account, { remoteAddress: address });
    const rows = await rowsFor('Login', account);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'Login', outcome: 'Success', account_id: account.id, client_id: t.client.id });
    expect(hostOf(rows[0]!.address)).toBe(address);
  });

  it('a failed login: Login/Failure with account and customer; an unknown address: Login/Failure without account', async () => {
    const account = await t.account();
    const address = freshAddress();
    await t.loginAttempt({ emailAddress: account.emailAddress, password: 'Verkeerd#123' }, address);
    const rows = await rowsFor('Login', account);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'Failure', account_id: account.id, client_id: t.client.id });
    expect(hostOf(rows[0]!.address)).toBe(address);
    expect(rows[0]!.details).toMatchObject({ reason: 'wrong-password' });
    // The password typed is never written down.
    expect(JSON.stringify(rows[0])).not.toContain('Verkeerd#123');

    const unknownAddress = freshAddress();
    await t.loginAttempt({ emailAddress: `onbekend-${Date.now()}@portal.test`, password: 'Verkeerd#456' }, unknownAddress);
    const anonymous = (await rowsFor('Login', null)).filter((row) => hostOf(row.address) === unknownAddress);
    expect(anonymous).toHaveLength(1);
    expect(anonymous[0]).toMatchObject({ outcome: 'Failure', account_id: null, client_id: null });
    expect(JSON.stringify(anonymous[0])).not.toContain('Verkeerd#456');
  });

  it('a two-factor login: LoginTotp/Success', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const account = await t.account({ totpSecret: secret });
    await t.login(account, { pin: await totpCode(secret) });
    const rows = await rowsFor('LoginTotp', account);
    expect(rows.map((row) => row.outcome)).toEqual(['Success']);
  });

  it('a logout: Logout/Success', async () => {
    const account = await t.account();
    const auth = await t.login(account);
    const address = freshAddress();
    expect((await t.call(calls.authentication.logout, { token: auth.accessToken, remoteAddress: address })).statusCode).toBe(204);
    const rows = await rowsFor('Logout', account);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'Success', account_id: account.id, client_id: t.client.id });
    expect(hostOf(rows[0]!.address)).toBe(address);
  });

  it('a password change: PasswordChange/Failure for a wrong current password, then PasswordChange/Success', async () => {
    const account = await t.account();
    const auth = await t.login(account);
    const body = { newPassword: 'Nieuw-Wachtwoord8', passwordRepeat: 'Nieuw-Wachtwoord8' };
    await t.call(calls.account.updatePassword, { token: auth.accessToken, body: { ...body, currentPassword: 'Verkeerd#123' } });
    const res = await t.call(calls.account.updatePassword, {
      token: auth.accessToken,
      body: { ...body, currentPassword: account.password },
    });
    expect(res.statusCode).toBe(204);
    const rows = await rowsFor('PasswordChange', account);
    expect(rows.map((row) => row.outcome)).toEqual(['Failure', 'Success']);
    expect(rows.every((row) => row.client_id === t.client.id)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('Nieuw-Wachtwoord8');
  });

  it('turning TOTP on and off: TotpEnable and TotpDisable rows', async () => {
    const account = await t.account();
    const auth = await t.login(account);
    const setup = (await t.call(calls.account.getTotpSetupCode, { token: auth.accessToken })).json<{ manualEntryKey: string }>();
    const enable = await t.call(calls.account.enableTotp, {
      token: auth.accessToken,
      body: { currentPassword: account.password, verificationPin: await totpCode(setup.manualEntryKey) },
    });
    expect(enable.statusCode).toBe(204);
    const enabled = await rowsFor('TotpEnable', account);
    expect(enabled).toHaveLength(1);
    expect(enabled[0]).toMatchObject({ outcome: 'Success', account_id: account.id, client_id: t.client.id });
    expect(JSON.stringify(enabled)).not.toContain(setup.manualEntryKey);

    const disable = await t.call(calls.account.disableTotp, {
      token: auth.accessToken,
      body: { currentPassword: account.password, pin: await totpCode(setup.manualEntryKey, 30) },
    });
    expect(disable.statusCode).toBe(204);
    expect((await rowsFor('TotpDisable', account)).map((row) => row.outcome)).toEqual(['Success']);
  });

  it('a refused TOTP change: TotpEnable/Failure', async () => {
    const account = await t.account();
    const auth = await t.login(account);
    await t.call(calls.account.getTotpSetupCode, { token: auth.accessToken });
    await t.call(calls.account.enableTotp, {
      token: auth.accessToken,
      body: { currentPassword: 'Verkeerd#123', verificationPin: '123456' },
    });
    expect((await rowsFor('TotpEnable', account)).map((row) => row.outcome)).toEqual(['Failure']);
  });

  it('reuse of a spent refresh token: TokenReuseDetected/Failure', async () => {
    const account = await t.account();
    const auth = await t.login(account);
    const refresh = () => t.refresh({ refreshToken: auth.refreshToken });
    expect((await refresh()).statusCode).toBe(200);
    // Beyond the grace in which a second tab's refresh gets the same successor.
    await t.pastTheGrace(auth);
    expect((await refresh()).statusCode).toBe(401);
    expect((await rowsFor('TokenReuseDetected', account)).map((row) => row.outcome)).toEqual(['Failure']);
  });

  it('rows carry the time in UTC, close to now', async () => {
    const account = await t.account();
    await t.login(account);
    const { rows } = await t.ctx.database.ownerPool.query<{ at: Date }>(
      `select at from audit_log where account_id = $1 and client_id = $2`,
      [account.id, account.customerId],
    );
    expect(rows).toHaveLength(1);
    expect(Math.abs(rows[0]!.at.getTime() - Date.now())).toBeLessThan(60_000);
  });
});

describe('the audit trail is append-only', () => {
  it("the app role can insert, and read its customer's rows only (the access log), but not update, delete or truncate audit rows", async () => {
    const { appPool } = t.ctx.database;
    const { rows } = await appPool.query<{ user: string }>('select current_user as user');
    expect(rows[0]!.user).toBe('portal_app');
    await expect(appPool.query('delete from audit_log')).rejects.toThrow(/permission denied/);
    await expect(appPool.query(`update audit_log set outcome = 'Success'`)).rejects.toThrow(/permission denied/);
    await expect(appPool.query('truncate audit_log')).rejects.toThrow(/permission denied/);
    await expect(appPool.query(`insert into audit_log (action, outcome) values ('Test', 'Success')`)).resolves.toBeDefined();
    // Outside a customer's transaction no row is visible; inside one, that customer's rows only.
    expect((await appPool.query('select * from audit_log')).rows).toEqual([]);
    const customerIds = await withTenant(t.ctx.database.db, t.client.id, async (tx) =>
      (await tx.execute<{ client_id: string }>(sql`select distinct client_id from audit_log`)).rows.map((r) => r.client_id),
    );
    expect(customerIds).toEqual([t.client.id]);
  });

  it('a separate portal_app connection is refused the same way', async () => {
    const options = t.ctx.database.appPool.options as pg.ClientConfig;
    const appClient = new pg.Client({ connectionString: options.connectionString });
    await appClient.connect();
    try {
      await expect(appClient.query('delete from audit_log where true')).rejects.toThrow(/permission denied/);
      await expect(appClient.query(`update audit_log set action = 'x' where true`)).rejects.toThrow(/permission denied/);
    } finally {
      await appClient.end();
    }
  });

  it('even the owner cannot change or remove audit rows', async () => {
    const owner = await t.ctx.database.ownerPool.connect();
    try {
      for (const statement of ['delete from audit_log', `update audit_log set outcome = 'Success'`, 'truncate audit_log']) {
        await owner.query('begin');
        await expect(owner.query(statement)).rejects.toThrow(/append-only/);
        await owner.query('rollback');
      }
    } finally {
      owner.release();
    }
    const { rows } = await t.ctx.database.ownerPool.query<{ n: string }>('select count(*) as n from audit_log');
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
  });
});
