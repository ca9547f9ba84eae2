import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { backofficeImportRunCalls, importErrorText, type ImportRejectionRow, type ImportRunRow, type TableResponse } from '@portal/contract';
import { call, createTestContext, type TestContext } from '../../test/harness.js';
import { staffToken } from '../backoffice/test-support.js';
import { runIntegrationCommand } from './cli-commands.js';

/**
 * Issue 29.5: the command line's imports are runs like the API's (the back-office lists them, with the rejected
 * rows' codes and fields), and its snapshots are held to the API's delete guard unless the operator confirms.
 */
let ctx: TestContext;
let scratch: string;
const customer = `CLI-${Math.random().toString(36).slice(2, 8)}`.toUpperCase();

const quietly = async (run: () => Promise<void>) => {
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
};
const importing = (kind: string, rows: unknown[], values: Record<string, string | boolean> = {}) => {
  const file = path.join(scratch, `${kind}-${Math.random().toString(36).slice(2)}.ndjson`);
  writeFileSync(file, rows.map((row) => JSON.stringify(row)).join('\n'));
  return quietly(() => runIntegrationCommand(ctx.database, 'import', values, [kind, file]));
};
const departments = Array.from({ length: 10 }, (_, i) => ({ customer, key: `D${i + 1}`, name: `Afdeling ${i + 1}` }));
const kept = async () =>
  Number((await ctx.database.ownerDb.execute<{ n: number }>(sql`select count(*)::int as n from facilities f join clients c on c.id = f.client_id where c.client_code = ${customer}`)).rows[0]?.n);
const lastRun = async () =>
  (await ctx.database.ownerDb.execute<{ id: number; source: string; integration_client_id: string | null; status: string; error: string | null }>(
    sql`select id::int as id, source, integration_client_id, status, error from import_runs order by id desc limit 1`,
  )).rows[0];

beforeAll(async () => {
  ctx = await createTestContext();
  scratch = mkdtempSync(path.join(tmpdir(), 'portal-cli-runs-'));
  await importing('customers', [{ code: customer, name: 'Apotheek Opdrachtregel', kind: 'Pharmacy' }]);
  await importing('departments', departments);
});
afterAll(async () => {
  await ctx.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("the command line's snapshot and the delete guard", () => {
  it('refuses a snapshot that would delete more than the guard allows, keeping every row, and says how to confirm', async () => {
    const refused = importing('departments', departments.slice(0, 5), { client: customer, mode: 'snapshot' });
    await expect(refused).rejects.toThrow(importErrorText.deleteGuardShare('momentopname', 5, 10, 10, importErrorText.confirmByFlag));
    expect(await kept()).toBe(10);
    expect(await lastRun()).toMatchObject({ source: 'cli', integration_client_id: null, status: 'failed', error: expect.stringContaining('--confirm-deletes') });
  });

  it('takes it with --confirm-deletes', async () => {
    await importing('departments', departments.slice(0, 5), { client: customer, mode: 'snapshot', 'confirm-deletes': true });
    expect(await kept()).toBe(5);
  });
});

describe("the command line's runs in the back-office", () => {
  it('are listed as the command line\'s, with their rejected rows\' code and field', async () => {
    await importing('departments', [{ customer, key: 'D1', name: 'Afdeling 1', kleur: 'rood' }]);
    const run = await lastRun();
    const beheerder = await staffToken(ctx, 'Beheerder');
    const table = await call(ctx, backofficeImportRunCalls.getTable, { token: beheerder, body: { client: 'cli' } });
    expect(table.statusCode, table.body).toBe(200);
    const runs = table.json<TableResponse<ImportRunRow>>().items;
    expect(runs[0]).toMatchObject({ id: run?.id, source: 'cli', clientName: null, kind: 'departments', status: 'rejected', rejected: 1 });
    expect(runs.map((r) => r.status)).toContain('failed');
    const rejections = await call(ctx, backofficeImportRunCalls.getRejections, { token: beheerder, body: { runId: run?.id } });
    expect(rejections.json<TableResponse<ImportRejectionRow>>().items).toEqual([
      { id: expect.any(Number), line: 1, key: 'D1', code: 'unknown_field', field: 'kleur', reason: 'kleur: Onbekend veld' },
    ]);
  });
});
