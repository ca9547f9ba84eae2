import { webcrypto } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconciliationRowLimit, type ImportRunSummary, type Reconciliation } from '@portal/contract';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createIntegration, getIntegration, sendBatch, type TestIntegration } from './test-support.js';

/**
 * Issue 29.6: reconciliation over each row's content, by ranges of keys, so that a sender finds a differing row by
 * halving. The sender's side is written here from docs/integration.md alone, not from the portal's code.
 */
let ctx: TestContext;
let erp: TestIntegration;
const customer = `REC-${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
type Order = Record<string, unknown> & { key: string; version?: string };

/** RFC 8785 for rows of plain field names: members sorted by name, JSON.stringify's strings and numbers. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.keys(value).sort().map((name) => [name, canonical((value as Record<string, unknown>)[name])]))
      : value;
const hex = (bytes: ArrayBuffer) => Buffer.from(bytes).toString('hex');
const sha256 = async (text: string) => hex(await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
const senderHash = (row: unknown) => sha256(JSON.stringify(canonical(row)));
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
async function senderChecksum(rows: Order[]) {
  const lines = await Promise.all([...rows].sort((a, b) => byteOrder(a.key, b.key)).map(async (row) => `${row.key}\t${row.version ?? ''}\t${await senderHash(row)}\n`));
  return sha256(lines.join(''));
}

const order = (n: number): Order => ({
  customer,
  key: `PO-${String(n).padStart(4, '0')}`,
  department: 'D1',
  patientCount: 2,
  bagCount: 100 + n,
  status: 'Packed',
  orderDate: '2026-11-24',
  version: '1',
});
/** What the sender holds: 1,200 orders; one of them, as sent, with its fields in another order and spaced. */
const held: Order[] = Array.from({ length: 1200 }, (_, i) => order(i + 1));
const spaced = `{ "version": "1", "statusText": "In productie, lijn \\u00e9\\u00e9n", "orderDate": "2026-11-24", "status": "Packed",
  "bagCount": 107.0, "patientCount": 2, "department": "D1", "key": "PO-0007", "customer": "${customer}" }`.replace('\n', '');
held[6] = JSON.parse(spaced) as Order;

const reconciliation = async (query = '') => {
  const res = await getIntegration(ctx, erp.token, `/packing-orders/reconciliation?customer=${customer}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Reconciliation>();
};
const range = (from: string, to: string) => `&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

beforeAll(async () => {
  ctx = await createTestContext();
  erp = await createIntegration(ctx, ['customers', 'departments', 'packing-orders']);
  expect((await sendBatch(ctx, erp.token, 'customers', [{ code: customer, name: 'Apotheek Telling', kind: 'Pharmacy' }])).statusCode).toBe(200);
  expect((await sendBatch(ctx, erp.token, 'departments', [{ customer, key: 'D1', name: 'Afdeling Zon' }])).statusCode).toBe(200);
  const sent = await sendBatch(ctx, erp.token, 'packing-orders', held.map((row, i) => (i === 6 ? spaced : row)));
  expect(sent.json<ImportRunSummary>()).toMatchObject({ inserted: 1200, rejected: 0 });
});
afterAll(() => ctx.close());

describe('reconciliation over each row\'s content', () => {
  it('holds per row the hash a sender computes of the row it sent, by the documented canonical form', async () => {
    const rows = (await reconciliation(`${range('PO-0005', 'PO-0008')}&rows=true`)).rows ?? [];
    expect(rows.map((r) => r.key)).toEqual(['PO-0005', 'PO-0006', 'PO-0007', 'PO-0008']);
    for (const row of rows) {
      const sent = held.find((h) => h.key === row.key);
      expect(row, row.key).toEqual({ key: row.key, version: '1', hash: await senderHash(sent) });
    }
  });

  it('answers the count and checksum of all it holds, and of a range, as the sender computes them', async () => {
    expect(await reconciliation()).toEqual({ kind: 'packing-orders', customer, from: null, to: null, count: 1200, checksum: await senderChecksum(held) });
    const some = held.filter((h) => byteOrder(h.key, 'PO-0100') >= 0 && byteOrder(h.key, 'PO-0199') <= 0);
    expect(await reconciliation(range('PO-0100', 'PO-0199'))).toMatchObject({ from: 'PO-0100', to: 'PO-0199', count: 100, checksum: await senderChecksum(some) });
    expect(await reconciliation('&from=PO-1101')).toMatchObject({ count: 100 });
    expect(await reconciliation('&to=PO-0010')).toMatchObject({ count: 10 });
  });

  it(`refuses to list more than ${reconciliationRowLimit} rows, asking for a narrower range`, async () => {
    const res = await getIntegration(ctx, erp.token, `/packing-orders/reconciliation?customer=${customer}&rows=true`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'too_many_rows', field: 'rows', title: expect.stringContaining('maak het bereik kleiner met from en to') });
  });

  it('changes when one row changes, and halving the ranges finds exactly that row', async () => {
    const before = await reconciliation();
    const changed = { ...order(777), bagCount: 5, version: '2' };
    expect((await sendBatch(ctx, erp.token, 'packing-orders', [changed])).json<ImportRunSummary>()).toMatchObject({ updated: 1 });
    const after = await reconciliation();
    expect(after.count).toBe(before.count);
    expect(after.checksum).not.toBe(before.checksum);

    // The sender still holds the old row; it halves its sorted keys until the range that differs holds one.
    const keys = held.map((h) => h.key).sort(byteOrder);
    const differing = async (from: number, to: number): Promise<string[]> => {
      const mine = held.filter((h) => byteOrder(h.key, keys[from]!) >= 0 && byteOrder(h.key, keys[to]!) <= 0);
      const theirs = await reconciliation(range(keys[from]!, keys[to]!));
      if (theirs.checksum === (await senderChecksum(mine))) return [];
      if (from === to) return [keys[from]!];
      const middle = Math.floor((from + to) / 2);
      return [...(await differing(from, middle)), ...(await differing(middle + 1, to))];
    };
    expect(await differing(0, keys.length - 1)).toEqual(['PO-0777']);
    const [row] = (await reconciliation(`${range('PO-0777', 'PO-0777')}&rows=true`)).rows ?? [];
    expect(row).toEqual({ key: 'PO-0777', version: '2', hash: await senderHash(changed) });
  });
});
