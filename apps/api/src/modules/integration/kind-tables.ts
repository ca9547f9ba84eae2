import type {
  CustomerImportRow,
  DepartmentImportRow,
  InvoiceImportRow,
  PackingOrderImportRow,
  PatientImportRow,
  ProductImportRow,
} from '@portal/contract';
import type { KeyedTable } from './keyed-table.js';

/** How the keyed kinds map onto their tables (the assortment, a list of product keys, has its own writer). */

const version = (row: { version?: string | undefined }) => row.version ?? null;
const departmentReference = {
  column: 'facility_id',
  field: 'department',
  table: 'facilities',
  unknown: 'Onbekende afdeling: stuur de afdeling eerst mee',
};

export const customerTable: KeyedTable<CustomerImportRow> = {
  table: 'clients',
  keyColumn: 'client_code',
  perCustomer: false,
  columns: [
    { column: 'name', type: 'text', value: (r) => r.name },
    { column: 'kind', type: 'text', value: (r) => r.kind },
    { column: 'site', type: 'text', value: (r) => r.site ?? null },
    { column: 'address', type: 'text', value: (r) => r.address },
    { column: 'postal_code', type: 'text', value: (r) => r.postalCode },
    { column: 'city', type: 'text', value: (r) => r.city },
  ],
  version,
};

export const departmentTable: KeyedTable<DepartmentImportRow> = {
  table: 'facilities',
  keyColumn: 'external_key',
  perCustomer: true,
  columns: [{ column: 'name', type: 'text', value: (r) => r.name }],
  unique: { column: 'name', field: 'name', type: 'text', value: (r) => r.name, taken: 'Een andere afdeling van deze klant heeft deze naam al' },
  version,
  needsIds: true,
};

export const patientTable: KeyedTable<PatientImportRow> = {
  table: 'patients',
  keyColumn: 'external_key',
  perCustomer: true,
  columns: [
    { column: 'first_name', type: 'text', value: (r) => r.firstName },
    { column: 'name_prefix', type: 'text', value: (r) => r.namePrefix },
    { column: 'last_name', type: 'text', value: (r) => r.lastName },
    { column: 'birth_date', type: 'date', value: (r) => r.birthDate },
  ],
  reference: { ...departmentReference, keyOf: (r) => r.department },
  version,
  needsIds: true,
};

export const productTable: KeyedTable<ProductImportRow> = {
  table: 'products',
  keyColumn: 'external_key',
  perCustomer: false,
  columns: [
    { column: 'zi_number', type: 'text', value: (r) => r.ziNumber },
    { column: 'gpk', type: 'text', value: (r) => r.gpk },
    { column: 'hpk', type: 'text', value: (r) => r.hpk },
    { column: 'long_name', type: 'text', value: (r) => r.longName },
    { column: 'dta_description', type: 'text', value: (r) => r.dtaDescription },
    { column: 'split_description', type: 'text', value: (r) => r.splitDescription },
    { column: 'can_be_halved', type: 'boolean', value: (r) => r.canBeHalved ?? null },
    { column: 'packaging', type: 'text', value: (r) => r.packaging },
  ],
  version,
};

export const packingOrderTable: KeyedTable<PackingOrderImportRow> = {
  table: 'packing_orders',
  keyColumn: 'external_key',
  perCustomer: true,
  columns: [
    { column: 'patient_count', type: 'int', value: (r) => r.patientCount },
    { column: 'bag_count', type: 'int', value: (r) => r.bagCount },
    { column: 'reel_status', type: 'text', value: (r) => r.status },
    { column: 'reel_status_text', type: 'text', value: (r) => r.statusText },
    { column: 'order_date', type: 'date', value: (r) => r.orderDate },
  ],
  reference: { ...departmentReference, keyOf: (r) => r.department },
  version,
};

/** An invoice's month as its first day, whichever day of the month was sent. */
export const firstOfMonth = (isoDate: string) => `${isoDate.slice(0, 7)}-01`;

export const invoiceTable: KeyedTable<InvoiceImportRow> = {
  table: 'invoices',
  keyColumn: 'external_key',
  perCustomer: true,
  columns: [
    { column: 'processed_month', type: 'date', value: (r) => firstOfMonth(r.processedMonth) },
    { column: 'invoice_amount', type: 'numeric', value: (r) => r.amount },
    { column: 'invoice_number', type: 'text', value: (r) => r.number },
    { column: 'invoice_date', type: 'date', value: (r) => r.invoiceDate ?? null },
    { column: 'due_date', type: 'date', value: (r) => r.dueDate ?? null },
    { column: 'payment_status', type: 'text', value: (r) => r.paymentStatus ?? null },
  ],
  // A line of a department names one of this customer's; a line without one is the invoice's general part.
  nestedReferences: {
    table: departmentReference.table,
    keysOf: (r) => r.lines.flatMap((line, index) => (line.department ? [{ key: line.department, field: `lines[${index}].department` }] : [])),
    unknown: departmentReference.unknown,
  },
  unique: {
    column: 'processed_month',
    field: 'processedMonth',
    type: 'date',
    value: (r) => firstOfMonth(r.processedMonth),
    taken: 'Deze klant heeft al een andere factuur voor deze maand',
  },
  version,
  needsIds: true,
};
