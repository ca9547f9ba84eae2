import { sql } from 'drizzle-orm';
import { importKinds, importRowText, readsAsNotHalvable, type DepartmentImportRow, type ImportKind, type InvoiceImportRow, type ProductImportRow } from '@portal/contract';
import type { IntegrationTx } from './integration-tx.js';
import { upsertKeyed, type KeyedTable, type StagedRow } from './keyed-table.js';
import { deleteAbsent, deleteKeyed, type Dependant } from './keyed-deletes.js';
import { customerTable, departmentTable, invoiceTable, packingOrderTable, patientTable, productTable } from './kind-tables.js';
import { assortmentWriter } from './assortment-writer.js';
import type { KindWriter } from './kind-writer.js';

const ident = (name: string) => sql.identifier(name);

function keyedWriter<Row>(
  table: KeyedTable<Row>,
  keyOf: (row: Row) => string,
  dependants: Dependant[] = [],
  afterWrite?: (tx: IntegrationTx, customerId: string | null, rows: StagedRow<Row>[], written: Map<string, number | string>) => Promise<void>,
): KindWriter {
  const untyped = table as KeyedTable<unknown>;
  return {
    keyOf: keyOf as (row: never) => string,
    ...(table.unique ? { uniqueOf: ((row: Row) => ({ value: table.unique?.value(row) ?? '', field: table.unique?.field ?? '', taken: table.unique?.taken ?? '' })) as KindWriter['uniqueOf'] } : {}),
    upsert: async (tx, customerId, rows) => {
      const counts = await upsertKeyed(tx, table, customerId, rows as StagedRow<Row>[]);
      if (afterWrite && counts.written.size > 0) await afterWrite(tx, customerId, rows as StagedRow<Row>[], counts.written);
      return counts;
    },
    deleteKeys: (tx, customerId, keys) => deleteKeyed(tx, untyped, customerId, dependants, keys),
    deleteAbsent: (tx, customerId) => deleteAbsent(tx, untyped, customerId, dependants),
    scopeCount: async (tx, customerId) =>
      Number(
        (await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${ident(table.table)} ${customerId ? sql`where client_id = ${customerId}` : sql``}`)).rows[0]?.n ?? 0,
      ),
    reconcileSource: (customerId) => sql`
      select ${ident(table.keyColumn)} as key, import_version as version, import_hash as hash from ${ident(table.table)}
      where ${customerId ? sql`client_id = ${customerId} and` : sql``} ${ident(table.keyColumn)} is not null`,
  };
}

/** A department's weekly schedule is replaced as a whole whenever the department row changed. */
async function replaceSchedules(tx: IntegrationTx, customerId: string | null, rows: StagedRow<DepartmentImportRow>[], written: Map<string, number | string>) {
  const ids = [...written.values()];
  await tx.execute(sql`delete from delivery_schedules where client_id = ${customerId} and facility_id = any(${sql.param(ids)}::int[])`);
  const schedules = rows.flatMap((r) => {
    const id = written.get(r.key);
    return id === undefined ? [] : r.row.deliverySchedules.map((s) => ({ id, ...s }));
  });
  if (schedules.length === 0) return;
  await tx.execute(sql`
    insert into delivery_schedules (client_id, facility_id, shipment_day, shipment_time, arrival_day, arrival_time)
    select ${customerId}::uuid, * from unnest(
      ${sql.param(schedules.map((s) => s.id))}::int[], ${sql.param(schedules.map((s) => s.shipmentDay))}::int[],
      ${sql.param(schedules.map((s) => s.shipmentTime))}::text[], ${sql.param(schedules.map((s) => s.arrivalDay))}::int[],
      ${sql.param(schedules.map((s) => s.arrivalTime))}::text[])`);
}

/** An invoice's lines are replaced as a whole whenever the invoice row changed. */
async function replaceInvoiceLines(tx: IntegrationTx, customerId: string | null, rows: StagedRow<InvoiceImportRow>[], written: Map<string, number | string>) {
  const ids = [...written.values()];
  await tx.execute(sql`delete from invoice_lines where client_id = ${customerId} and invoice_id = any(${sql.param(ids)}::int[])`);
  const lines = rows.flatMap((r) => {
    const id = written.get(r.key);
    return id === undefined ? [] : r.row.lines.map((line, index) => ({ id, lineNo: index + 1, ...line }));
  });
  if (lines.length === 0) return;
  // A line names its department by key (an invoice with a line of a department the customer lacks was refused
  // before, see invoiceTable.nestedReferences); the invoice shows the department's name as it is now.
  await tx.execute(sql`
    insert into invoice_lines (client_id, invoice_id, line_no, facility_name, description, quantity, unit_price, vat_rate)
    select ${customerId}::uuid, l.invoice_id, l.line_no, f.name, l.description, l.quantity, l.unit_price, l.vat_rate
    from unnest(
      ${sql.param(lines.map((l) => l.id))}::int[], ${sql.param(lines.map((l) => l.lineNo))}::int[],
      ${sql.param(lines.map((l) => l.department ?? null))}::text[], ${sql.param(lines.map((l) => l.description))}::text[],
      ${sql.param(lines.map((l) => l.quantity))}::int[], ${sql.param(lines.map((l) => l.unitPrice))}::numeric[],
      ${sql.param(lines.map((l) => l.vatRate))}::numeric[]
    ) as l(invoice_id, line_no, department, description, quantity, unit_price, vat_rate)
    left join facilities f on f.client_id = ${customerId} and f.external_key = l.department`);
}

export const kindWriters: Record<ImportKind, KindWriter> = {
  customers: keyedWriter(customerTable, (r) => r.code),
  departments: keyedWriter(
    departmentTable,
    (r) => r.key,
    [
      { table: 'patients', column: 'facility_id', perCustomer: true, blocks: 'De afdeling heeft nog patiënten' },
      { table: 'packing_orders', column: 'facility_id', perCustomer: true, blocks: 'De afdeling heeft nog inpakopdrachten' },
      { table: 'delivery_schedules', column: 'facility_id', perCustomer: true, blocks: null },
    ],
    replaceSchedules,
  ),
  patients: keyedWriter(patientTable, (r) => r.key),
  products: {
    ...keyedWriter(productTable, (r) => r.key, [
      { table: 'assortment_items', column: 'product_id', perCustomer: false, blocks: 'Het product staat nog in het assortiment van een klant' },
    ]),
    adviceOf: ((row: ProductImportRow) =>
      row.canBeHalved === undefined && readsAsNotHalvable(row.splitDescription) ? importRowText.halvingUnsaid(row.splitDescription) : null) as (row: never) => string | null,
  },
  assortment: assortmentWriter,
  'packing-orders': keyedWriter(packingOrderTable, (r) => r.key),
  invoices: keyedWriter(invoiceTable, (r) => r.key, [{ table: 'invoice_lines', column: 'invoice_id', perCustomer: true, blocks: null }], replaceInvoiceLines),
};

/** Whether rows of the kind belong to a customer (and name it). */
export const isPerCustomer = (kind: ImportKind) => importKinds[kind].perCustomer;
