import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { importKindNames } from '@portal/contract';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { runIntegrationCommand } from './cli-commands.js';
import { importFile, progressLine } from './file-import.js';

const examples = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/integration/examples');
let ctx: TestContext;
let scratch: string;

async function printed(run: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
    lines.push(String(text));
    return true;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return lines.join('');
}

beforeAll(async () => {
  ctx = await createTestContext();
  scratch = mkdtempSync(path.join(tmpdir(), 'portal-import-'));
});
afterAll(async () => {
  await ctx.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('npm run portal -- import KIND FILE', () => {
  it('has an example file for every kind', () => {
    const files = readdirSync(examples);
    for (const kind of importKindNames) expect(files).toContain(`${kind}.csv`);
  });

  it('imports each example file in the order of the kinds, printing its counts', async () => {
    for (const kind of importKindNames) {
      const output = await printed(() => runIntegrationCommand(ctx.database, 'import', {}, [kind, path.join(examples, `${kind}.csv`)]));
      expect(output, kind).toMatch(new RegExp(`^Import \\d+ \\(${kind}, upsert\\): \\d+ gelezen, \\d+ nieuw, 0 gewijzigd, 0 ongewijzigd, 0 verouderd, 0 verwijderd, 0 afgewezen in [\\d.]+ s\\.\\n$`));
    }
    const rows = async (query: ReturnType<typeof sql>) => (await ctx.database.ownerDb.execute(query)).rows;
    expect(await rows(sql`select first_name, name_prefix, birth_date::text from patients where external_key = 'P-100001'`)).toEqual([
      { first_name: 'Geertruida', name_prefix: 'van der', birth_date: '1936-03-12' },
    ]);
    expect(await rows(sql`select count(*)::int as n from delivery_schedules s join facilities f on f.client_id = s.client_id and f.id = s.facility_id where f.external_key = 'BAK-ZON'`)).toEqual([{ n: 2 }]);
    expect(await rows(sql`select reel_status, reel_status_text from packing_orders where external_key = 'PO-2026-48-001'`)).toEqual([
      { reel_status: 'InProduction', reel_status_text: 'In productie, lijn 2' },
    ]);
    expect(await rows(sql`select invoice_amount, (select count(*)::int from invoice_lines l where l.invoice_id = i.id and l.client_id = i.client_id) as lines from invoices i where external_key = 'F-2026-10-9002'`)).toEqual([
      { invoice_amount: '1209.91', lines: 3 },
    ]);
    // The same file again changes nothing.
    const again = await printed(() => runIntegrationCommand(ctx.database, 'import', {}, ['packing-orders', path.join(examples, 'packing-orders.csv')]));
    expect(again).toContain('0 nieuw, 0 gewijzigd, 2 ongewijzigd');
  });

  it('writes the rejected rows with their line, code, field and reason to a CSV file beside the import', async () => {
    const file = path.join(scratch, 'orders.csv');
    writeFileSync(
      file,
      ['Klant;Ordernummer;Afdeling;Aantal patiënten;Aantal zakjes;Status;Orderdatum', 'ZRG-9002;X-1;BAK-ZON;1;7;Ingepakt;01-11-2026', 'ZRG-9002;X-2;BAK-ZON;veel;7;Ingepakt;01-11-2026', 'ZRG-9002;X-3;ONBEKEND;1;7;Ingepakt;31-02-2026', ''].join('\r\n'),
    );
    const output = await printed(() => runIntegrationCommand(ctx.database, 'import', {}, ['packing-orders', file]));
    expect(output).toContain('3 gelezen, 1 nieuw, 0 gewijzigd, 0 ongewijzigd, 0 verouderd, 0 verwijderd, 2 afgewezen');
    expect(output).toContain(`Afgewezen rijen: ${file}.afgewezen.csv`);
    expect(readFileSync(`${file}.afgewezen.csv`, 'utf8')).toBe(
      '\uFEFFRegel;Sleutel;Code;Veld;Reden\n' +
        '3;"X-2";invalid_number;"patientCount";"patientCount: Ongeldige waarde (verwacht een geheel getal van 0 tot en met 100000)"\n' +
        '4;"X-3";invalid_date;"orderDate";"orderDate: Ongeldige datum (verwacht JJJJ-MM-DD)"\n',
    );
  });

  it('reads an XLSX sheet and NDJSON as it reads CSV, and fills the customer of --client', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Assortiment');
    sheet.addRow(['Artikelnummer']);
    sheet.addRow(['ART-METO50']);
    const file = path.join(scratch, 'assortment.xlsx');
    await workbook.xlsx.writeFile(file);
    const { summary } = await importFile(ctx.database.db, { kind: 'assortment', file, customer: 'APO-9001', mode: 'snapshot' });
    expect(summary).toMatchObject({ received: 1, inserted: 1, deleted: 1, rejected: 0 });
    const ndjson = await importFile(ctx.database.db, { kind: 'packing-orders', file: path.join(examples, 'packing-orders.ndjson'), customer: null, mode: 'upsert' });
    expect(ndjson.summary).toMatchObject({ received: 1, inserted: 1 });
  });

  it('refuses a file with an unknown column or of an unknown type, keeping nothing', async () => {
    const file = path.join(scratch, 'bad.csv');
    writeFileSync(file, 'Klantcode;Naam;Kleur\nK-1;Een;rood\n');
    await expect(importFile(ctx.database.db, { kind: 'customers', file, customer: null, mode: 'upsert' })).rejects.toThrow('Onbekende kolom(men): Kleur');
    await expect(importFile(ctx.database.db, { kind: 'customers', file: path.join(scratch, 'x.txt'), customer: null, mode: 'upsert' })).rejects.toThrow();
    expect((await ctx.database.ownerDb.execute(sql`select 1 from clients where client_code = 'K-1'`)).rows).toEqual([]);
  });

  it('draws a progress line with rows per second and the time left', () => {
    expect(progressLine(50, 100, 10_000, 2000)).toBe('[############............]  50%  10.000 rijen  5.000 rijen/s  nog 0:02');
  });
});
