import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.js';
import { migrationsFolder } from '../../db/database.js';
import { createAccount, createCustomer, createTestContext, type TestAccount, type TestCustomer, type TestContext } from '../../test/harness.js';
import { createStaff, type TestStaff } from '../backoffice/test-support.js';
import { createIntegration, type TestIntegration } from '../integration/test-support.js';

/*
 * Migration 0031 (issue 28.1) fills in the rows written before it from what they point at: this runs its backfill
 * again over rows written the old way (ids only), as the migration runs it (the owner, the trigger off briefly).
 */

let ctx: TestContext;
let customer: TestCustomer;
let account: TestAccount;
let staff: TestStaff;
let erp: TestIntegration;

const backfill = () => {
  const text = readFileSync(path.join(migrationsFolder(), '0031_audit_rows_as_written.sql'), 'utf8');
  return text.slice(text.indexOf('ALTER TABLE audit_log DISABLE TRIGGER')).split('--> statement-breakpoint');
};

beforeAll(async () => {
  ctx = await createTestContext();
  customer = await createCustomer(ctx, 'Apotheek Oud');
  account = await createAccount(ctx, customer, { firstName: 'Olga' });
  staff = await createStaff(ctx, 'Klantenservice', { firstName: 'Stan' });
  erp = await createIntegration(ctx, ['patients'], 'ERP Oud');
});
afterAll(async () => {
  await ctx?.close();
});

describe('migration 0031', () => {
  it('names the actor, the customer and the patients of rows written before it; a deleted patient keeps its id', async () => {
    const owner = ctx.database.ownerDb;
    const rows = await owner
      .insert(auditLog)
      .values([
        { action: 'PatientSearch', outcome: 'Success', customerId: customer.id, accountId: account.id, patientIds: [customer.patientId, 987654] },
        { action: 'Backoffice.InboxRead', outcome: 'Success', customerId: customer.id, staffId: staff.id, patientIds: [customer.patientId] },
        { action: 'Integration.PatientsWritten', outcome: 'Success', customerId: customer.id, details: { integrationClientId: erp.clientId } },
        { action: 'Retention', outcome: 'Success' },
      ])
      .returning({ id: auditLog.id });
    await owner.transaction(async (tx) => {
      for (const statement of backfill()) await tx.execute(sql.raw(statement));
    });
    const ids = rows.map((row) => row.id);
    const kept = await owner.execute<Record<string, unknown>>(sql`
      select actor_kind, actor_id, actor_name, actor_email, actor_role, actor_customer_name, patients
      from audit_log where id = any(${sql.param(ids)}::bigint[]) order by id`);
    expect(kept.rows).toEqual([
      {
        actor_kind: 'Account',
        actor_id: String(account.id),
        actor_name: 'Olga Pieters',
        actor_email: account.emailAddress,
        actor_role: 'Administrator',
        actor_customer_name: 'Apotheek Oud',
        patients: [
          { id: customer.patientId, key: null, name: 'Jan Jansen', birthDate: '1940-05-01' },
          { id: 987654, key: null, name: null, birthDate: null },
        ],
      },
      {
        actor_kind: 'Staff',
        actor_id: String(staff.id),
        actor_name: 'Stan Klantenservice',
        actor_email: staff.emailAddress,
        actor_role: 'Klantenservice',
        actor_customer_name: 'Apotheek Oud',
        patients: [{ id: customer.patientId, key: null, name: 'Jan Jansen', birthDate: '1940-05-01' }],
      },
      { actor_kind: 'Integration', actor_id: erp.clientId, actor_name: 'ERP Oud', actor_email: null, actor_role: null, actor_customer_name: 'Apotheek Oud', patients: null },
      { actor_kind: 'System', actor_id: null, actor_name: null, actor_email: null, actor_role: null, actor_customer_name: null, patients: null },
    ]);
    // The trigger is on again: the owner still cannot change a row.
    await expect(owner.execute(sql`update audit_log set action = 'x' where id = ${ids[0]!}`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/append-only/) },
    });
  });
});
