import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { validation, type ImportRunSummary } from '@portal/contract';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { importFile } from './file-import.js';
import { createIntegration, sendBatch, type TestIntegration } from './test-support.js';
import { decodedText, TextDecoding, windows1252Warning } from './text-decoding.js';

/** Issue 29.8: text that is not UTF-8 is read as Windows-1252 when it is that (and the answer says so), or refused. */
let ctx: TestContext;
let erp: TestIntegration;
let scratch: string;
beforeAll(async () => {
  ctx = await createTestContext();
  erp = await createIntegration(ctx, ['products']);
  scratch = await mkdtemp(path.join(tmpdir(), 'encodings-'));
});
afterAll(async () => {
  await ctx.close();
  await rm(scratch, { recursive: true, force: true });
});

const cp1252 = (text: string) => Buffer.from([...text].map((c) => ({ '€': 0x80, 'ë': 0xeb, 'é': 0xe9 })[c] ?? c.charCodeAt(0)));
const nameOf = async (key: string) =>
  (await ctx.database.ownerDb.execute<{ long_name: string }>(sql`select long_name from products where external_key = ${key}`)).rows[0]?.long_name;
const read = async (chunks: Buffer[]) => {
  const decoding = new TextDecoding();
  let text = '';
  for await (const part of decodedText(Readable.from(chunks), decoding)) text += part;
  return { text, encoding: decoding.encoding };
};

describe('reading text', () => {
  it('reads UTF-8 as it is, also a character split across chunks', async () => {
    const bytes = Buffer.from('Bezorgkosten € 12,50 ë');
    expect(await read([bytes.subarray(0, 14), bytes.subarray(14)])).toEqual({ text: 'Bezorgkosten € 12,50 ë', encoding: 'utf-8' });
  });

  it('reads Windows-1252 as such, also when its first byte beyond ASCII ends a chunk', async () => {
    const bytes = cp1252('Crème: € 12,50');
    expect(await read([bytes])).toEqual({ text: 'Crème: € 12,50', encoding: 'windows-1252' });
    expect(await read([bytes.subarray(0, 3), bytes.subarray(3)])).toEqual({ text: 'Crème: € 12,50', encoding: 'windows-1252' });
  });

  it('refuses text that is neither, naming the encoding, and never yields U+FFFD', async () => {
    await expect(read([Buffer.from('€ eerst UTF-8, '), Buffer.from([0x80, 0x41])])).rejects.toThrow('geen geldige UTF-8');
    await expect(read([Buffer.from([0x41, 0x81, 0x42])])).rejects.toThrow('ook geen Windows-1252');
  });
});

describe('a batch and a file', () => {
  it('stores a Windows-1252 body right and says so in the answer', async () => {
    const row = `{"key":"P-1252","ziNumber":"1252","longName":"Bezorgkosten € 12,50 crème"}`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/integration/v1/products',
      headers: { authorization: `Bearer ${erp.token}`, 'content-type': 'application/x-ndjson' },
      payload: cp1252(row),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportRunSummary>()).toMatchObject({ inserted: 1, warnings: [windows1252Warning] });
    expect(await nameOf('P-1252')).toBe('Bezorgkosten € 12,50 crème');
  });

  it('refuses a row holding U+FFFD, and a body that is no text it can read', async () => {
    const res = await sendBatch(ctx, erp.token, 'products', [{ key: 'P-FFFD', ziNumber: '9', longName: 'Bezorgkosten \uFFFD 12,50' }]);
    expect(res.json<ImportRunSummary>()).toMatchObject({ inserted: 0, rejected: 1 });
    expect(res.json<ImportRunSummary>().rejections[0]!.reason).toContain(validation.unstorableText);
    const garbled = await ctx.app.inject({
      method: 'POST',
      url: '/api/integration/v1/products',
      headers: { authorization: `Bearer ${erp.token}`, 'content-type': 'application/x-ndjson' },
      payload: Buffer.concat([Buffer.from('{"key":"P-X","ziNumber":"7","longName":"é"}\n'), Buffer.from([0x7b, 0x81, 0x7d])]),
    });
    expect(garbled.statusCode).toBe(400);
    expect(await nameOf('P-X')).toBeUndefined();
  });

  it('reads a Windows-1252 CSV file through the command-line import, and says so', async () => {
    const file = path.join(scratch, 'producten.csv');
    await writeFile(file, cp1252('sleutel;zinummer;naam\nP-CSV;125;Etiket € 1,25 crème\n'));
    const { summary } = await importFile(ctx.database.db, { kind: 'products', file, customer: null, mode: 'upsert' });
    expect(summary).toMatchObject({ inserted: 1, warnings: [windows1252Warning] });
    expect(await nameOf('P-CSV')).toBe('Etiket € 1,25 crème');
  });
});
