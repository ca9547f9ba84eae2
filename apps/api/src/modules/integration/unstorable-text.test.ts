import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { fieldPath, importKindNames, importKinds, storableTextPattern, validation, type ImportKind, type ImportRunSummary } from '@portal/contract';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { capturedLog } from '../../test/log-capture.js';
import { importFile } from './file-import.js';
import { createIntegration, getIntegration, sendBatch, type TestIntegration } from './test-support.js';

// Issue 26.4: a character PostgreSQL text cannot hold (NUL; a lone UTF-16 surrogate, which would arrive as
// U+FFFD) is a rejected row with a Dutch reason, never a failed batch, and no row value ever reaches the log.

let ctx: TestContext;
let erp: TestIntegration;
const log = capturedLog();
const customer = `NUL-${Math.random().toString(36).slice(2, 8)}`;

const summaryOf = (response: { statusCode: number; body: string; json: () => unknown }) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ImportRunSummary;
};

/** A row of each kind with every field filled, each text a value of its own that a log must never show. */
const fullRows: Record<ImportKind, Record<string, unknown>> = {
  customers: { code: `${customer}-C`, name: 'Apotheek Zeldzaamnaam', kind: 'Pharmacy', site: 'alkmaar', address: 'Kastanjelaan 17', postalCode: '9876 ZX', city: 'Oudeschild', version: 'v-7731' },
  departments: { customer, key: 'AFD-7732', name: 'Afdeling Vlinderhof', deliverySchedules: [{ shipmentDay: 1, shipmentTime: '07:30', arrivalDay: 2, arrivalTime: '09:00' }], version: 'v-7733' },
  patients: { customer, key: 'PAT-7734', department: 'D1', firstName: 'Geertruida', namePrefix: 'van der', lastName: 'Zeldzaamhuis', birthDate: '1936-03-12', version: 'v-7735' },
  products: { key: 'ART-7736', ziNumber: '14325950', gpk: 'G7737', hpk: 'H7738', longName: 'Paracetamol Zeldzaam 500mg', dtaDescription: 'Wit, ovaal', splitDescription: 'Deelbaar', packaging: 'Blister 7739', version: 'v-7740' },
  assortment: { customer, product: 'PR-1', version: 'v-7741' },
  'packing-orders': { customer, key: 'PO-7742', department: 'D1', patientCount: 2, bagCount: 196, status: 'InProduction', statusText: 'Lijn 7743', orderDate: '2026-11-23', version: 'v-7744' },
  invoices: {
    customer,
    key: 'F-7745',
    processedMonth: '2026-10-01',
    amount: 12.5,
    number: 'VF-7746',
    invoiceDate: '2026-11-01',
    dueDate: '2026-11-15',
    paymentStatus: 'Open',
    lines: [{ department: 'D1', description: 'Rollen Zeldzaam', quantity: 1, unitPrice: 12.5, vatRate: 0 }],
    version: 'v-7747',
  },
};

type JsonSchema = { type?: string; anyOf?: JsonSchema[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; enum?: unknown[]; pattern?: string };

/**
 * Every text field of a kind's row as the contract describes it (nested lists by their first element), by path;
 * free text is text without a format of its own (a date, a choice, a number's digits).
 */
function textFields(schema: JsonSchema, prefix: (string | number)[] = []): { path: (string | number)[]; free: boolean }[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const options = property.anyOf ?? [property];
    const text = options.find((o) => o.type === 'string');
    const list = options.find((o) => o.type === 'array');
    if (text) return [{ path: [...prefix, name], free: text.pattern === storableTextPattern.source }];
    if (list?.items?.properties) return textFields(list.items, [...prefix, name, 0]);
    return [];
  });
}

function withValue(row: Record<string, unknown>, at: (string | number)[], value: string): Record<string, unknown> {
  const copy = structuredClone(row);
  let target = copy as Record<string | number, unknown>;
  for (const step of at.slice(0, -1)) target = target[step] as Record<string | number, unknown>;
  target[at[at.length - 1]!] = value;
  return copy;
}

const textsOf = (row: unknown): string[] =>
  typeof row === 'string' ? [row] : typeof row === 'object' && row !== null ? Object.values(row).flatMap(textsOf) : [];

beforeAll(async () => {
  ctx = await createTestContext({ logger: log.logger });
  erp = await createIntegration(ctx, [...importKindNames]);
  summaryOf(await sendBatch(ctx, erp.token, 'customers', [{ code: customer, name: 'Apotheek Nul', kind: 'Pharmacy' }]));
  summaryOf(await sendBatch(ctx, erp.token, 'departments', [{ customer, key: 'D1', name: 'Afdeling Zon' }]));
  summaryOf(await sendBatch(ctx, erp.token, 'products', [{ key: 'PR-1', ziNumber: '12345678', longName: 'Ibuprofen 400 mg' }]));
});
afterAll(() => ctx.close());

describe('a character PostgreSQL cannot store (issue 26.4)', () => {
  it.each(importKindNames)('a NUL in any text field of a %s row rejects that row alone, and the log shows none of its values', async (kind) => {
    const fields = textFields(z.toJSONSchema(importKinds[kind].row, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
    expect(fields.length).toBeGreaterThan(1);
    const full = fullRows[kind];
    const poisoned = fields.map((field) => withValue(full, field.path, `Zeldzaam\u0000${field.path.join('')}`));
    const summary = summaryOf(await sendBatch(ctx, erp.token, kind, [...poisoned, full]));
    expect(summary).toMatchObject({ status: 'partial', received: fields.length + 1, rejected: fields.length });
    expect(summary.inserted + summary.updated).toBe(1);
    summary.rejections.forEach((rejection, i) => {
      const field = fields[i]!;
      expect(rejection.line).toBe(i + 1);
      const name = fieldPath(field.path);
      expect(rejection.field).toBe(name);
      if (field.free) expect(rejection).toMatchObject({ code: 'unstorable_text', reason: `${name}: ${validation.unstorableText}` });
      else expect(rejection.reason.startsWith(`${name}: `)).toBe(true);
    });
    const logged = log.text();
    for (const text of textsOf(poisoned)) expect(logged).not.toContain(text.replace('\u0000', '\\u0000'));
    for (const text of textsOf(full).filter((t) => t.length > 4)) expect(logged).not.toContain(text);
  });

  it('a lone surrogate is rejected as well (it would be stored as U+FFFD); a character beyond U+FFFF is kept whole', async () => {
    const row = fullRows.patients;
    const summary = summaryOf(
      await sendBatch(ctx, erp.token, 'patients', [
        { ...row, key: 'SUR-1', lastName: 'Zeldzaam\uD800' },
        { ...row, key: 'SUR-2', firstName: '\uDC00Anna' },
        { ...row, key: 'SUR-3', lastName: 'Zeldzaam \u{1D504}' },
      ]),
    );
    expect(summary.rejections).toEqual([
      { line: 1, key: 'SUR-1', code: 'unstorable_text', field: 'lastName', reason: `lastName: ${validation.unstorableText}` },
      { line: 2, key: 'SUR-2', code: 'unstorable_text', field: 'firstName', reason: `firstName: ${validation.unstorableText}` },
    ]);
    const stored = await ctx.database.ownerDb.execute<{ last_name: string }>(sql`select last_name from patients where external_key = 'SUR-3'`);
    expect(stored.rows).toEqual([{ last_name: 'Zeldzaam \u{1D504}' }]);
  });

  it('a delete list, a snapshot and a reconciliation naming a customer or key with a NUL answer without a 500', async () => {
    const deletes = summaryOf(await sendBatch(ctx, erp.token, 'patients', [{ customer, key: 'PAT\u0000X' }, { customer: `${customer}\u0000`, key: 'PAT-1' }], { path: '/delete' }));
    expect(deletes.rejections.map((r) => r.reason)).toEqual([`key: ${validation.unstorableText}`, `customer: ${validation.unstorableText}`]);
    const snapshot = await sendBatch(ctx, erp.token, 'patients', [], { query: `mode=snapshot&customer=${encodeURIComponent(`${customer}\u0000`)}` });
    expect(snapshot.statusCode).toBe(400);
    const reconciliation = await getIntegration(ctx, erp.token, `/patients/reconciliation?customer=${encodeURIComponent(`${customer}\u0000`)}`);
    expect(reconciliation.statusCode).toBe(400);
  });

  it('a NUL in a cell of a CSV file rejects its row, and the file\'s other rows are written', async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'portal-nul-'));
    try {
      const file = path.join(scratch, 'patients.csv');
      writeFileSync(
        file,
        ['Klant;Patientnummer;Afdeling;Voornaam;Achternaam;Geboortedatum', `${customer};CSV-1;D1;Geertruida;Zeldzaam\u0000veld;12-03-1936`, `${customer};CSV-2;D1;Anna;Bos;01-02-1940`, ''].join('\r\n'),
      );
      const { summary } = await importFile(ctx.database.db, { kind: 'patients', file, customer: null, mode: 'upsert', rejectsFile: path.join(scratch, 'rejects.csv') });
      expect(summary).toMatchObject({ status: 'partial', received: 2, inserted: 1, rejected: 1 });
      expect(summary.rejections).toEqual([{ line: 2, key: 'CSV-1', code: 'unstorable_text', field: 'lastName', reason: `lastName: ${validation.unstorableText}` }]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
