import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, validation } from '@portal/contract';
import { buildApp } from '../app.js';
import type { Db } from '../db/database.js';
import { auditRows, call, createAccount, createCustomer, createTestContext, testAppConfig, type TestCustomer, type TestContext } from '../test/harness.js';
import { expectFieldErrors, login } from '../test/auth-helpers.js';
import { drugTable } from '../modules/assortment/assortment.table.js';
import { queryTable } from './tables.js';

let ctx: TestContext;
let site: TestContext;
let client: TestCustomer;
let other: TestCustomer;
let token: string;
let kicks = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  // The same database served by an app whose outbox sender is a counter.
  const app = await buildApp({
    config: testAppConfig,
    database: ctx.database,
    secrets: { jwtSecret: randomBytes(32).toString('base64url'), totpEncryptionKey: ctx.totpKey },
    mailQueued: () => {
      kicks += 1;
    },
  });
  await app.ready();
  site = { ...ctx, app, close: () => app.close() };
  client = await createCustomer(ctx, 'Apotheek De Linde');
  other = await createCustomer(ctx, 'Zorggroep Het Baken');
  token = (await login(site, await createAccount(ctx, client))).accessToken;
});
afterAll(async () => {
  await site?.close();
  await ctx?.close();
});

describe('the tenant unit of work', () => {
  it('wakes the outbox sender once its transaction committed mail, and not after a read or a refusal', async () => {
    const before = kicks;
    expect((await call(site, calls.assortment.getDrugTable, { body: {}, token })).statusCode).toBe(200);
    expect(kicks).toBe(before);
    const body = { patientId: other.patientId, department: 'A', swallowDateTime: '2026-03-01T08:00', drugName: 'X', reasonOfRequest: 'Y' };
    expectFieldErrors(await call(site, calls.forms.requestPhoto, { body, token }), 'patientId', [validation.patientUnknown]);
    expect(kicks).toBe(before);
    const res = await call(site, calls.forms.askNonFaqQuestion, { body: { question: 'Wanneer komt de rol?' }, token });
    expect(res.statusCode, res.body).toBe(200);
    expect(kicks).toBe(before + 1);
  });

  it('writes the audit row of its act in the transaction, with who and from where', async () => {
    const res = await call(site, calls.patient.searchPatients, { body: { search: 'Jansen' }, token });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = (await auditRows(ctx, 'PatientSearch')).slice(-1);
    expect(row).toMatchObject({ outcome: 'Success', client_id: client.id, address: '127.0.0.1/32' });
  });

  it('refuses, at compile time, a tenant query on the bare pool', () => {
    // Never run: the type checker is the test (npm run typecheck fails when the brand stops refusing the pool).
    const onThePool = (db: Db) =>
      // @ts-expect-error a Db is not a Tx: a tenant query needs the customer's transaction
      queryTable(db, drugTable, client.id, {});
    expect(typeof onThePool).toBe('function');
  });
});
