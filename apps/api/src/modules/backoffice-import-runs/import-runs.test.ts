import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  backofficeImportRunCalls as calls,
  type ImportRejectionRow,
  type ImportRunDetail,
  type ImportRunRow,
  type ImportRunSummary,
  type TableResponse,
} from '@portal/contract';
import { importRuns } from '../../db/schema.js';
import { login } from '../../test/auth-helpers.js';
import { call, createAccount, createCustomer, createTestContext, type TestContext } from '../../test/harness.js';
import { createStaff, staffToken } from '../backoffice/test-support.js';
import { withStaff } from '../backoffice/staff-tx.js';
import { createIntegration, sendBatch } from '../integration/test-support.js';

let ctx: TestContext;
let beheerder: string;
let erp: Awaited<ReturnType<typeof createIntegration>>;
/** the patients run: every row refused, more rows than one answer lists and than one batch of the file */
let patientsRun: number;
let cliRun: number;
const REJECTED = 2345;

const rowsOf = async <T>(query: ReturnType<typeof sql>) => (await ctx.database.ownerDb.execute(query)).rows as T[];

beforeAll(async () => {
  ctx = await createTestContext();
  beheerder = await staffToken(ctx, 'Beheerder');
  erp = await createIntegration(ctx, ['patients', 'products'], 'ERP Noord');
  // Sent through the integration door, as its role writes them (its policy keeps every row for it).
  const rows = Array.from({ length: REJECTED }, (_, i) => ({ customer: 'NOPE', key: `PAT-${String(i + 1).padStart(4, '0')}`, department: 'D1', firstName: 'A', lastName: 'B', birthDate: '1950-01-01' }));
  const sent = await sendBatch(ctx, erp.token, 'patients', rows);
  expect(sent.statusCode, sent.body).toBe(200);
  const summary = sent.json<ImportRunSummary>();
  expect(summary).toMatchObject({ status: 'rejected', rejected: REJECTED });
  patientsRun = summary.runId;
  // The integration names each rejection's code and field in its details; one kept from before it did has none.
  await ctx.database.ownerDb.execute(sql`update import_rejections set details = null where run_id = ${patientsRun} and line = 2`);
  const [cli] = await ctx.database.ownerDb
    .insert(importRuns)
    .values({ source: 'cli', kind: 'customers', mode: 'snapshot', status: 'failed', error: 'Het bestand is geen geldige CSV', startedAt: new Date('2026-01-15T10:00:00Z'), durationMs: 40 })
    .returning();
  cliRun = cli!.id;
  await ctx.database.ownerDb.insert(importRuns).values({
    integrationClientId: erp.clientId,
    source: 'api',
    kind: 'products',
    mode: 'upsert',
    status: 'succeeded',
    received: 3,
    inserted: 3,
    warnings: ['Tekst gelezen als Windows-1252'],
    startedAt: new Date('2026-01-16T09:00:00Z'),
    durationMs: 1200,
  });
});
afterAll(async () => {
  await ctx?.close();
});

const table = async (body: Record<string, unknown>, token = beheerder) => {
  const res = await call(ctx, calls.getTable, { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TableResponse<ImportRunRow>>();
};

describe('Koppelingen, Importruns', () => {
  it("lists every client's and the command line's runs, newest first, with the client's name and the counts", async () => {
    const page = await table({});
    expect(page.total).toBe(3);
    expect(page.items.map((r) => [r.id === patientsRun ? 'patients' : r.kind, r.clientName, r.status])).toEqual([
      ['patients', 'ERP Noord', 'rejected'],
      ['products', 'ERP Noord', 'succeeded'],
      ['customers', null, 'failed'],
    ]);
    expect(page.items[0]).toMatchObject({ source: 'api', mode: 'upsert', received: REJECTED, rejected: REJECTED, inserted: 0 });
    expect(page.items[2]).toMatchObject({ source: 'cli', durationMs: 40 });
  });

  it('pages on the server and filters on client, the command line, kind, status and period', async () => {
    const second = await table({ rowsPerPage: 5, page: 1 });
    expect(second.items).toHaveLength(3);
    expect((await table({ rowsPerPage: 5, page: 2 })).items).toEqual([]);
    expect((await table({ client: 'cli' })).items.map((r) => r.id)).toEqual([cliRun]);
    expect((await table({ client: erp.clientId })).total).toBe(2);
    expect((await table({ kind: 'products' })).items.map((r) => r.kind)).toEqual(['products']);
    expect((await table({ status: 'failed' })).items.map((r) => r.id)).toEqual([cliRun]);
    expect((await table({ status: 'partial' })).total).toBe(0);
    expect((await table({ from: '2026-01-15', until: '2026-01-15' })).items.map((r) => r.id)).toEqual([cliRun]);
    expect((await table({ from: '2026-01-16', until: '2026-01-31' })).items.map((r) => r.kind)).toEqual(['products']);
  });

  it('audits the reading of the runs with its filters', async () => {
    await table({ status: 'failed' });
    const [row] = await rowsOf<{ details: { filters: { status: string } } }>(
      sql`select details from audit_log where action = 'Backoffice.ImportRunsRead' order by id desc limit 1`,
    );
    expect(row?.details.filters.status).toBe('failed');
  });

  it('answers a run with its warnings and error; an unknown run is 404', async () => {
    const failed = await call(ctx, calls.get, { token: beheerder, query: { Id: String(cliRun) } });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json<ImportRunDetail>()).toMatchObject({ status: 'failed', error: 'Het bestand is geen geldige CSV', clientName: null, warnings: [] });
    const products = (await table({ kind: 'products' })).items[0]!;
    const detail = (await call(ctx, calls.get, { token: beheerder, query: { Id: String(products.id) } })).json<ImportRunDetail>();
    expect(detail.warnings).toEqual(['Tekst gelezen als Windows-1252']);
    expect((await call(ctx, calls.get, { token: beheerder, query: { Id: '999999' } })).statusCode).toBe(404);
    expect((await call(ctx, calls.get, { token: beheerder, query: { Id: 'abc' } })).statusCode).toBe(400);
  });

  it("pages a run's rejected rows by line with code and field where the rejection names them, audited by patient key", async () => {
    const res = await call(ctx, calls.getRejections, { token: beheerder, body: { runId: patientsRun, rowsPerPage: 20 } });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<TableResponse<ImportRejectionRow>>();
    expect(page.total).toBe(REJECTED);
    expect(page.items.map((r) => r.line)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(page.items[0]).toMatchObject({ key: 'PAT-0001', code: 'unknown_reference', field: 'customer', reason: 'Onbekende klant: NOPE' });
    expect(page.items[1]).toMatchObject({ key: 'PAT-0002', code: null, field: null });
    const [audited] = await rowsOf<{ object_id: string; patients: { key: string }[] }>(
      sql`select object_id, patients from audit_log where action = 'Backoffice.ImportRunRejectionsRead' order by id desc limit 1`,
    );
    expect(audited?.object_id).toBe(String(patientsRun));
    expect(audited?.patients.map((p) => p.key)).toEqual(page.items.map((r) => r.key));
    expect((await call(ctx, calls.getRejections, { token: beheerder, body: { runId: 999999 } })).statusCode).toBe(404);
  });

  it('downloads every rejected row as CSV, past the first 1,000 and past one batch, and audits every patient in it', async () => {
    const res = await call(ctx, calls.exportRejections, { token: beheerder, query: { Id: String(patientsRun) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`importrun-${patientsRun}-geweigerde-rijen.csv`);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('\uFEFFRegel;Sleutel;Code;Veld;Reden');
    expect(lines).toHaveLength(REJECTED + 1);
    expect(lines[1]).toBe('1;PAT-0001;unknown_reference;customer;Onbekende klant: NOPE');
    expect(lines.at(-1)).toBe(`${REJECTED};PAT-${REJECTED};unknown_reference;customer;Onbekende klant: NOPE`);
    expect(lines.slice(1).map((l) => Number(l.split(';')[0]))).toEqual(Array.from({ length: REJECTED }, (_, i) => i + 1));
    const [audited] = await rowsOf<{ patients: { key: string }[] }>(
      sql`select patients from audit_log where action = 'Backoffice.ImportRunRejectionsExport' order by id desc limit 1`,
    );
    expect(audited?.patients).toHaveLength(REJECTED);
  });

  it('is for a Beheerder alone: the other roles get 403 from every call, and their database role reads no run', async () => {
    for (const role of ['Klantenservice', 'Kwaliteit'] as const) {
      const token = await staffToken(ctx, role);
      expect((await call(ctx, calls.getTable, { token, body: {} })).statusCode).toBe(403);
      expect((await call(ctx, calls.get, { token, query: { Id: String(cliRun) } })).statusCode).toBe(403);
      expect((await call(ctx, calls.getRejections, { token, body: { runId: patientsRun } })).statusCode).toBe(403);
      expect((await call(ctx, calls.exportRejections, { token, query: { Id: String(patientsRun) } })).statusCode).toBe(403);
      const staff = await createStaff(ctx, role);
      const seen = await withStaff(ctx.database.db, { staffId: staff.id, role }, async (tx) => {
        const result = await tx.execute<{ runs: number; rejections: number }>(
          sql`select (select count(*)::int from import_runs) as runs, (select count(*)::int from import_rejections) as rejections`,
        );
        return result.rows[0];
      });
      expect(seen).toEqual({ runs: 0, rejections: 0 });
    }
    const customer = await login(ctx, await createAccount(ctx, await createCustomer(ctx)));
    expect((await call(ctx, calls.getTable, { token: customer.accessToken, body: {} })).statusCode).toBe(401);
  });

  it('refuses bad filters with a 400', async () => {
    for (const body of [{ status: 'done' }, { client: 'abc' }, { kind: 'orders' }, { from: '2026-02-30' }, { sortBy: 'status' }]) {
      expect((await call(ctx, calls.getTable, { token: beheerder, body })).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
