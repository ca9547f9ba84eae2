import { expect } from 'vitest';
import { backofficeAuthCalls, type StaffRole, type StaffSession } from '@portal/contract';
import { generateSecret } from 'otplib';
import { staffAccounts } from '../../db/schema.js';
import { encryptSecret } from '../../lib/crypto.js';
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
