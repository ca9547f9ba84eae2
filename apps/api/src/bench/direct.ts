import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { z } from 'zod';
import { allCalls, type InvoiceFileType, type TableRequest } from '@portal/contract';
import { answerSerializerCompiler } from '../lib/answer-serializer.js';
import type { Db } from '../db/database.js';
import * as schema from '../db/schema.js';
import { readAsTenant } from '../db/tenancy.js';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryTable, tableStatements } from '../lib/tables.js';
import { drugTable } from '../modules/assortment/assortment.table.js';
import { pino } from 'pino';
import type { AccessClaims } from '../lib/crypto.js';
import { TenantWork } from '../lib/unit-of-work.js';
import { withOwnAccount } from '../modules/auth/auth.shared.js';
import { downloadInvoiceFile } from '../modules/invoices/invoices.service.js';
import { invoiceTable } from '../modules/invoices/invoices.table.js';
import { demoSupplier } from '../modules/invoices/supplier.js';
import { deliveryScheduleTable } from '../modules/delivery-schedules/delivery-schedules.table.js';
import { packingOrderTable } from '../modules/packing-orders/packing-orders.table.js';

/** The password of every generated account, for the benchmark's login. */
export { DEMO_PASSWORD } from '../demo/seed.js';

/**
 * The benchmark's floor: what a call asks of PostgreSQL, run directly, without HTTP, authentication or
 * rendering. It is the API's own code path to the database (the same table definitions through `queryTable`,
 * the same download of a kept invoice file with its audit row, as `portal_app` in the same transactions and reads,
 * `withTenant` or `readAsTenant`, on a pool that pipelines as the API's does), so it sends exactly the SQL and
 * parameters the API sends, in as many round trips. Bundled by scripts/bench.mjs.
 */
export interface Direct {
  db: Db;
  close(): Promise<void>;
}

export function openDirect(appUrl: string, poolSize: number): Direct {
  const pool = new pg.Pool({ connectionString: appUrl, max: poolSize, pipeline: true });
  pool.on('error', () => undefined);
  return { db: drizzle(pool, { schema }), close: () => pool.end() };
}

/** A query as the owner (row-level security does not apply): to find the benchmark's customer and counts. */
export async function ownerQuery<T extends pg.QueryResultRow>(ownerUrl: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

type Table = Parameters<typeof queryTable>[1];
const tables: Record<string, Table> = {
  'Drug/GetDrugTable': drugTable as Table,
  'Order/GetOrderFulfillmentsTable': packingOrderTable as Table,
  'Order/GetOrderFulfillmentSchedulesTable': deliveryScheduleTable as Table,
  'Invoice/GetInvoiceTable': invoiceTable as Table,
};

/** One call's database work, or null when the benchmark does not know the call. */
export function directCall(
  direct: Direct,
  claims: AccessClaims,
  call: string,
  input: { body?: TableRequest; query?: Record<string, string>; headers?: Record<string, string> },
): (() => Promise<unknown>) | null {
  const { customerId } = claims;
  const table = tables[call];
  // The table calls only read (registered with `tenant: 'reads'`).
  if (table) return () => readAsTenant(direct.db, customerId, (tx) => queryTable(tx, table, customerId, input.body ?? {}));
  // The authenticated baseline: the account read for the customer, as the route does.
  if (call === 'Account/IsTotpEnabled') return () => withOwnAccount(direct.db, claims, async (_tx, account) => account.totpEnabled, { readOnly: true });
  if (call === 'Invoice/DownloadInvoiceFile') {
    // A download after the first is served from the kept rendering (decision 0034). Its database work is the
    // download's own: the look-up of the kept file and the audit row, committed, in the unit of work the API
    // uses (for the supplier the benchmark's server has, the default). The first download's rendering is not measured.
    const work = new TenantWork({ db: direct.db, mailQueued: () => undefined });
    const actor = { claims, address: '127.0.0.1' };
    const asked = {
      processedMonth: input.query?.ProcessedMonth ?? '',
      clientCode: input.query?.ClientCode ?? '',
      fileType: (input.query?.FileType ?? 'Pdf') as InvoiceFileType,
      ifNoneMatch: input.headers?.['if-none-match'],
    };
    const log = pino({ level: 'silent' });
    return () => work.runAs(actor, (unit) => downloadInvoiceFile(unit, asked, demoSupplier, log));
  }
  return null;
}

/**
 * What our own code costs of one answer of a table call besides its SQL, in µs per answer (on this process's
 * CPU, over `rounds` times one page of it): making its rows of PostgreSQL's (`shaping`, the table's toRow),
 * checking it against the contract (`check`, zod's encode: what the server paid on every answer before decision
 * 0102, and pays in the tests) and writing its JSON as the built server does (`json`); and building and writing
 * its statement by drizzle (`statement`: what every call paid before decision 0103, now only a searched page).
 * Null for other calls.
 */
export async function answerParts(
  direct: Direct,
  claims: AccessClaims,
  call: string,
  body: TableRequest,
  rounds = 2000,
): Promise<{ shaping: number; check: number; json: number; statement: number } | null> {
  const table = tables[call];
  const schema = allCalls.find((c) => c.path === `/api/portal/${call}`)?.response;
  if (!table || !(schema instanceof z.ZodType)) return null;
  // PostgreSQL's rows of one page, kept as the table receives them, to shape again apart from the query.
  const raws: Record<string, unknown>[] = [];
  const keeping: Table = { ...table, toRow: (raw) => (raws.push(raw), table.toRow(raw)) };
  const answer = await readAsTenant(direct.db, claims.customerId, (tx) => queryTable(tx, keeping, claims.customerId, body));
  const perAnswer = (work: () => unknown) => {
    for (let i = 0; i < rounds; i += 1) work(); // warm-up
    const started = process.cpuUsage();
    for (let i = 0; i < rounds; i += 1) work();
    const spent = process.cpuUsage(started);
    return (spent.user + spent.system) / rounds;
  };
  const serialize = answerSerializerCompiler(false)({ schema, method: 'POST', url: `/api/portal/${call}`, httpStatus: '200' });
  const round = (us: number) => Math.round(us * 10) / 10;
  const dialect = new PgDialect();
  const statement = () => dialect.sqlToQuery(tableStatements(table, table.ownRows(claims.customerId), body, claims.customerId).pageWithTotal);
  return {
    shaping: round(perAnswer(() => raws.map(table.toRow))),
    check: round(perAnswer(() => z.encode(schema, answer as never))),
    json: round(perAnswer(() => serialize(answer))),
    statement: round(perAnswer(statement)),
  };
}

export interface LoadResult {
  /** milliseconds, one per completed call */
  latencies: number[];
  seconds: number;
  errors: number;
  firstError?: string;
}

/** Runs `fn` from `concurrency` callers at once for `seconds`, measuring each call. */
export async function runLoad(fn: () => Promise<unknown>, concurrency: number, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const until = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      try {
        await fn();
        latencies.push(performance.now() - t0);
      } catch (error) {
        errors += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, seconds: (performance.now() - started) / 1000, errors, firstError };
}
