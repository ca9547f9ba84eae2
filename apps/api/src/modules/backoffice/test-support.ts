import { expect } from 'vitest';
import { backofficeAuthCalls, type StaffRole, type StaffSession } from '@portal/contract';
import { generateSecret } from 'otplib';
import { eq } from 'drizzle-orm';
import { staffAccounts, staffInvitations } from '../../db/schema.js';
import { encryptSecret, hashToken, randomToken } from '../../lib/crypto.js';
import { hashPassword } from '../../lib/passwords.js';
import { freshAddress, totpCode } from '../../test/auth-helpers.js';
import { call, TEST_PASSWORD, type TestContext } from '../../test/harness.js';

let counter = 0;

export interface TestStaff {
  id: number;
  emailAddress: string;
  password: string;
  totpSecret: string | null;
  role: StaffRole;
}

/** A staff account made as the owner: active, with a password, and with two-factor login unless `withoutTotp`. */
export async function createStaff(ctx: TestContext, role: StaffRole, options: { withoutTotp?: boolean; firstName?: string } = {}): Promise<TestStaff> {
  counter += 1;
  const emailAddress = `staff-${process.pid}-${counter}@provider.test`;
  const totpSecret = options.withoutTotp ? null : generateSecret({ length: 20 });
  const [row] = await ctx.database.ownerDb
    .insert(staffAccounts)
    .values({
      emailAddress,
      firstName: options.firstName ?? `Medewerker${counter}`,
      lastName: role,
      role,
      passwordHash: await hashPassword(TEST_PASSWORD),
      totpSecret: totpSecret ? encryptSecret(totpSecret, ctx.totpKey) : null,
    })
    .returning();
  return { id: row!.id, emailAddress, password: TEST_PASSWORD, totpSecret, role };
}

/** Logs a staff member in (password and the current code) and answers the session. */
export async function staffLogin(ctx: TestContext, staff: TestStaff): Promise<StaffSession> {
  const res = await call(ctx, backofficeAuthCalls.login, {
    body: { emailAddress: staff.emailAddress, password: staff.password, ...(staff.totpSecret ? { pin: await totpCode(staff.totpSecret) } : {}) },
    remoteAddress: freshAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StaffSession>();
}

/** A new staff member of `role`, logged in: its access token. */
export async function staffToken(ctx: TestContext, role: StaffRole): Promise<string> {
  return (await staffLogin(ctx, await createStaff(ctx, role))).accessToken;
}

/**
 * A live invitation link of a staff account, put in the database as the owner: what an account may still hold
 * from before links ended at a newer one, or what a test needs without reading the mail.
 */
export async function insertInvitation(ctx: TestContext, staffId: number): Promise<string> {
  const token = randomToken();
  await ctx.database.ownerDb.insert(staffInvitations).values({ tokenHash: hashToken(token), staffId, expiresAt: new Date(Date.now() + 86_400_000) });
  return token;
}

/** The staff account's row as the database has it now. */
export async function staffRow(ctx: TestContext, id: number) {
  const [row] = await ctx.database.ownerDb.select().from(staffAccounts).where(eq(staffAccounts.id, id));
  return row!;
}
