import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importErrorCodes, importErrorText, integrationBasePath, type ImportRejection, type ImportRunListItem, type ImportRunSummary } from '@portal/contract';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createIntegration, getIntegration, sendBatch, type TestIntegration } from './test-support.js';

/** Issue 29.5: each rejected row, and each batch refused as a whole, names its field, the form expected and a code. */
let ctx: TestContext;
let erp: TestIntegration;
const customer = `ERR-${Math.random().toString(36).slice(2, 8)}`.toUpperCase();

beforeAll(async () => {
  ctx = await createTestContext();
  erp = await createIntegration(ctx, ['customers', 'departments', 'packing-orders', 'invoices']);
  expect((await sendBatch(ctx, erp.token, 'customers', [{ code: customer, name: 'Apotheek Fout', kind: 'Pharmacy' }])).statusCode).toBe(200);
  expect((await sendBatch(ctx, erp.token, 'departments', [{ customer, key: 'D1', name: 'Afdeling Zon' }])).statusCode).toBe(200);
});
afterAll(() => ctx.close());

const order = { customer, key: 'PO-1', department: 'D1', patientCount: 3, bagCount: 40, status: 'Packed', orderDate: '2026-11-24', version: '1' };
const send = async (kind: 'packing-orders' | 'invoices', rows: unknown[]) => {
  const res = await sendBatch(ctx, erp.token, kind, rows);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportRunSummary>();
};
const statuses = 'Received, InProduction, Packed, Shipped, Delivered, Cancelled';

describe('a rejected row names its field, what the field expects, and a code', () => {
  let run: ImportRunSummary;
  const expected: ImportRejection[] = [
    { line: 2, key: 'PO-2', code: 'unknown_field', field: 'bagcount', reason: `bagcount: Onbekend veld (${importErrorText.didYouMean('bagCount')}); bagCount: Dit veld is verplicht` },
    { line: 3, key: 'PO-3', code: 'invalid_date', field: 'orderDate', reason: 'orderDate: Ongeldige datum (verwacht JJJJ-MM-DD)' },
    { line: 4, key: 'PO-4', code: 'not_allowed', field: 'status', reason: `status: Ongeldige waarde (verwacht een van: ${statuses})` },
    { line: 5, key: 'PO-5', code: 'invalid_number', field: 'bagCount', reason: 'bagCount: Minimaal 0 (verwacht een geheel getal van 0 tot en met 10000000)' },
    { line: 6, key: 'PO-6', code: 'invalid_number', field: 'patientCount', reason: 'patientCount: Ongeldige waarde (verwacht een geheel getal van 0 tot en met 100000)' },
    { line: 7, key: 'PO-7', code: 'required', field: 'department', reason: 'department: Dit veld is verplicht' },
    { line: 8, key: 'PO-8', code: 'too_long', field: 'statusText', reason: 'statusText: Maximaal 100 tekens' },
    { line: 9, key: null, code: 'invalid_json', field: null, reason: 'Geen geldige JSON' },
    { line: 10, key: 'PO-10', code: 'unknown_reference', field: 'department', reason: 'Onbekende afdeling: stuur de afdeling eerst mee' },
    { line: 11, key: 'PO-11', code: 'unknown_reference', field: 'customer', reason: importErrorText.unknownCustomer('NOPE') },
    { line: 12, key: 'PO-12', code: 'duplicate_key', field: 'key', reason: importErrorText.replacedBy(13) },
    { line: 14, key: 'PO-1', code: 'version_conflict', field: 'version', reason: expect.stringContaining('nieuwe versie') as unknown as string },
  ];

  beforeAll(async () => {
    await send('packing-orders', [order]);
    const { bagCount: _bags, ...withoutBags } = order;
    const { department: _department, ...withoutDepartment } = order;
    run = await send('packing-orders', [
      { ...order, key: 'PO-0' },
      { ...withoutBags, key: 'PO-2', bagcount: 40 },
      { ...order, key: 'PO-3', orderDate: '24-11-2026' },
      { ...order, key: 'PO-4', status: 'Ingepakt' },
      { ...order, key: 'PO-5', bagCount: -1 },
      { ...order, key: 'PO-6', patientCount: 'drie' },
      { ...withoutDepartment, key: 'PO-7' },
      { ...order, key: 'PO-8', statusText: 'x'.repeat(101) },
      '{"customer": ',
      { ...order, key: 'PO-10', department: 'D-ONBEKEND' },
      { ...order, key: 'PO-11', customer: 'NOPE' },
      { ...order, key: 'PO-12' },
      { ...order, key: 'PO-12', bagCount: 41 },
      { ...order, bagCount: 99 },
    ]);
  });

  it('in the answer to the batch', () => {
    expect(run).toMatchObject({ status: 'partial', inserted: 2, rejected: expected.length });
    expect(run.rejections).toEqual(expected);
  });

  it('in the run read back and in the NDJSON of its rejections', async () => {
    expect((await getIntegration(ctx, erp.token, `/import-runs/${run.runId}`)).json<ImportRunSummary>().rejections).toEqual(expected);
    const ndjson = await getIntegration(ctx, erp.token, `/import-runs/${run.runId}/rejections`);
    const lines = ndjson.body.trim().split('\n').map((line) => JSON.parse(line) as ImportRejection);
    expect(lines.sort((a, b) => a.line - b.line)).toEqual(expected);
  });

  it("names a nested element by its path, an invoice line's index from 0", async () => {
    const line = { description: 'Rollen', quantity: 1, unitPrice: 10, vatRate: 9 };
    const invoice = { customer, key: 'F-1', processedMonth: '2026-10-01', amount: 10.9 };
    const rejected = await send('invoices', [
      { ...invoice, lines: [{ ...line, department: 'D1' }, { ...line, department: 'D-WEG' }] },
      { ...invoice, key: 'F-2', processedMonth: '2026-09-01', lines: [line, { ...line, quantity: 1.5 }] },
    ]);
    expect(rejected.rejections).toEqual([
      { line: 1, key: 'F-1', code: 'unknown_reference', field: 'lines[1].department', reason: 'Onbekende afdeling: stuur de afdeling eerst mee' },
      { line: 2, key: 'F-2', code: 'invalid_number', field: 'lines[1].quantity', reason: 'lines[1].quantity: Ongeldige waarde (verwacht een geheel getal van -1000000 tot en met 1000000)' },
    ]);
  });

  it('only with codes of the closed list the contract declares, which the OpenAPI document lists', async () => {
    for (const rejection of run.rejections) expect(importErrorCodes).toContain(rejection.code);
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/integration/docs' })).json<{ paths: Record<string, { post?: unknown }> }>();
    const answer = JSON.stringify(document.paths[`${integrationBasePath}/packing-orders`]?.post);
    expect(answer).toContain(JSON.stringify([...importErrorCodes]));
    expect(answer).toContain('"field"');
  });
});

describe('a batch refused as a whole names its code and field, and its run keeps the reason', () => {
  const runs = async () => (await getIntegration(ctx, erp.token, '/import-runs?limit=1')).json<{ runs: ImportRunListItem[] }>().runs;

  it('a snapshot of an unknown customer', async () => {
    const res = await sendBatch(ctx, erp.token, 'packing-orders', [order], { query: 'mode=snapshot&customer=NOPE' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 422, code: 'unknown_reference', field: 'customer', title: importErrorText.unknownCustomer('NOPE') });
  });

  it('the delete guard', async () => {
    const res = await sendBatch(ctx, erp.token, 'packing-orders', [], { query: `mode=snapshot&customer=${customer}` });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'delete_guard', field: 'confirmDeletes' });
    expect((await runs())[0]).toMatchObject({ status: 'failed', error: res.json<{ title: string }>().title });
  });

  it('a body that is no list of rows: the run says what was wrong with it, not that something was', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${integrationBasePath}/packing-orders`,
      headers: { authorization: `Bearer ${erp.token}`, 'content-type': 'application/json' },
      payload: `[${JSON.stringify(order)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_body', title: 'De JSON-array is niet afgesloten' });
    expect((await runs())[0]).toMatchObject({ status: 'failed', error: 'De JSON-array is niet afgesloten' });
  });

  it('a connection lost half way through the body: the run says so', async () => {
    // The first row arrives; asked for more, the sender's side is gone (as Node reports a client that went).
    let reads = 0;
    const body = new Readable({
      read() {
        reads += 1;
        if (reads === 1) this.push(`${JSON.stringify({ ...order, key: 'PO-LOST' })}\n`);
        else this.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    await ctx.app
      .inject({ method: 'POST', url: `${integrationBasePath}/packing-orders`, headers: { authorization: `Bearer ${erp.token}`, 'content-type': 'application/x-ndjson' }, payload: body })
      .catch(() => undefined);
    expect((await runs())[0]).toMatchObject({ status: 'failed', error: importErrorText.failed.connectionLost });
  });
});
