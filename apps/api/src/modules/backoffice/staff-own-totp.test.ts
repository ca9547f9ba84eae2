import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeAuthCalls as authCalls, backofficeStaffCalls as staffCalls, backofficeText, feedback, validation, type StaffSession } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { decryptSecret } from '../../lib/crypto.js';
import { awayFromStepEnd, expectProblem, totpCode, wrongTotpCode } from '../../test/auth-helpers.js';
import { call, type TestContext, createTestContext } from '../../test/harness.js';
import { createStaff, staffLogin, staffRow } from './test-support.js';

// Issue 26.3: nobody resets their own second factor; replacing one asks for the password and a current code.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const auditOf = async (action: string, staffId: number) =>
  (
    await ctx.database.ownerDb.execute<{ outcome: string; object_id: string | null }>(
      sql`select outcome, object_id from audit_log where action = ${action} and staff_id = ${staffId} order by id`,
    )
  ).rows;

describe('resetting two-factor login', () => {
  it('a Beheerder cannot reset their own: 403, audited as a refusal, the factor and the session unchanged', async () => {
    const staff = await createStaff(ctx, 'Beheerder');
    const session = await staffLogin(ctx, staff);
    const before = await staffRow(ctx, staff.id);

    const own = await call(ctx, staffCalls.resetTotp, { token: session.accessToken, body: { id: staff.id } });
    expectProblem(own, 403, backofficeText.ownTotp);
    expect(await auditOf('Staff.TotpReset', staff.id)).toEqual([{ outcome: 'Failure', object_id: String(staff.id) }]);
    expect((await staffRow(ctx, staff.id)).totpSecret).toBe(before.totpSecret);
    expect((await call(ctx, staffCalls.list, { token: session.accessToken })).statusCode).toBe(200);
  });

  it('a colleague’s reset still works, and their first set-up after it asks only for the new code', async () => {
    const beheerder = await staffLogin(ctx, await createStaff(ctx, 'Beheerder'));
    const colleague = await createStaff(ctx, 'Klantenservice');
    const reset = await call(ctx, staffCalls.resetTotp, { token: beheerder.accessToken, body: { id: colleague.id } });
    expect(reset.statusCode, reset.body).toBe(204);
    expect(await auditOf('Staff.TotpReset', beheerder.staff.id)).toEqual([{ outcome: 'Success', object_id: String(colleague.id) }]);

    const setupSession = await staffLogin(ctx, { ...colleague, totpSecret: null });
    expect(setupSession.needsTotpSetup).toBe(true);
    const { secret } = (await call(ctx, authCalls.totpSetup, { token: setupSession.accessToken })).json<{ secret: string }>();
    await awayFromStepEnd();
    const enabled = await call(ctx, authCalls.totpEnable, { token: setupSession.accessToken, body: { pin: await totpCode(secret) } });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json<StaffSession>().needsTotpSetup).toBe(false);
  });
});

describe('replacing one’s own authenticator', () => {
  it('asks for the password and a current code of the authenticator in use; with them it works', async () => {
    const staff = await createStaff(ctx, 'Kwaliteit');
    const session = await staffLogin(ctx, staff);
    const sealedBefore = (await staffRow(ctx, staff.id)).totpSecret;
    const setup = await call(ctx, authCalls.totpSetup, { token: session.accessToken });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    await awayFromStepEnd();
    const pin = await totpCode(secret);
    // The login used this step's code of the authenticator in use: a replacement needs a later one.
    const currentPin = await totpCode(staff.totpSecret!, 30);
    const enable = (body: Record<string, string>) => call(ctx, authCalls.totpEnable, { token: session.accessToken, body: { pin, ...body } });

    const bare = expectProblem(await enable({}), 400);
    expect(bare.errors).toEqual({ currentPassword: [validation.passwordRequired], currentPin: [validation.codeRequired] });
    expectProblem(await enable({ currentPassword: 'Verkeerd#123', currentPin }), 400, feedback.twoFactorFailed);
    expectProblem(await enable({ currentPassword: staff.password, currentPin: await wrongTotpCode(staff.totpSecret!) }), 400, feedback.twoFactorFailed);
    expect((await staffRow(ctx, staff.id)).totpSecret).toBe(sealedBefore);
    expect((await call(ctx, staffCalls.colleagues, { token: session.accessToken })).statusCode).toBe(200);

    const replaced = await enable({ currentPassword: staff.password, currentPin });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<StaffSession>().needsTotpSetup).toBe(false);
    expect(decryptSecret((await staffRow(ctx, staff.id)).totpSecret!, ctx.totpKey)).toBe(secret);
    // The two wrong proofs, then the replacement; what lacked a field never reached a check.
    expect((await auditOf('Staff.TotpEnable', staff.id)).map((row) => row.outcome)).toEqual(['Failure', 'Failure', 'Success']);
  });
});
