import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenancy.js';
import { invoiceTotals, lineNetCents, rateHundredths, toUnits, type InvoiceTotals } from './invoice-totals.js';

export interface InvoiceLine {
  lineNo: number;
  /** null for a line that is for the customer as a whole */
  departmentName: string | null;
  description: string;
  quantity: number;
  /** ten-thousandths of a euro, excluding VAT */
  unitPrice: bigint;
  /** hundredths of a percent */
  vatRate: number;
  netCents: number;
}

export type PaymentStatus = 'Open' | 'Paid';

/** One invoice with everything its files show. */
export interface InvoiceDocument {
  id: number;
  /** the provider's number; else the invoice's key; else the year and the id ('2026-000123') */
  invoiceNumber: string;
  /** `YYYY-MM-DD`: as sent, else the first day after the invoiced month */
  invoiceDate: string;
  /** `YYYY-MM-DD`: as sent, else the invoice date plus the payment term */
  dueDate: string;
  paymentStatus: PaymentStatus | null;
  /** `YYYY-MM-01` */
  processedMonth: string;
  clientCode: string;
  clientName: string;
  /** the customer's invoice address lines, as far as known (street, postal code and place) */
  clientAddress: string[];
  /** what the invoice table shows, in cents */
  storedAmountCents: number;
  /** facility lines first by facility name, then the customer-wide ones; in line order within each */
  lines: InvoiceLine[];
  totals: InvoiceTotals;
}

/** The invoice's number: the provider's, else its key (a file names it 'factuurnummer'), else year and id. */
export const invoiceNumberSql = sql`coalesce(i.invoice_number, i.external_key, to_char(i.processed_month, 'YYYY') || '-' || lpad(i.id::text, 6, '0'))`;
const invoiceDateSql = sql`coalesce(i.invoice_date, (i.processed_month + interval '1 month')::date)`;

/**
 * SHA-256 of everything of an invoice `i` (with its customer `c`) that its files show: the invoice's row, the
 * customer's code, name and address, and its lines. What a kept rendering was made from (decision 0034): when
 * any of it changes, the hash does, and the kept file is stale. Numbers keep their scale and nulls their place.
 */
export const invoiceSourceHashSql = sql`sha256(convert_to(json_build_array(
    i.id, i.processed_month, i.invoice_amount, i.invoice_number, i.external_key, i.invoice_date, i.due_date, i.payment_status,
    c.client_code, c.name, c.address, c.postal_code, c.city,
    (select json_agg(json_build_array(l.line_no, l.facility_name, l.description, l.quantity, l.unit_price, l.vat_rate) order by l.line_no)
     from invoice_lines l where l.client_id = i.client_id and l.invoice_id = i.id))::text, 'UTF8'))`;

type LineRow = [lineNo: number, departmentName: string | null, description: string, quantity: number, unitPrice: string, vatRate: string];

/**
 * The caller's invoice of a month, when the client code is the caller's own; null otherwise, so that
 * another customer's code answers exactly as a month without an invoice does. One statement, so that the
 * invoice, its lines and `sourceHash` are of one moment: a file rendered from it is exactly what the hash says.
 */
export async function loadInvoice(
  tx: Tx,
  customerId: string,
  processedMonth: string,
  clientCode: string,
  paymentTermDays = 30,
): Promise<(InvoiceDocument & { sourceHash: Buffer }) | null> {
  const found = await tx.execute<{
    id: number;
    invoice_number: string;
    invoice_date: string;
    due_date: string;
    payment_status: PaymentStatus | null;
    processed_month: string;
    invoice_amount: string;
    client_code: string;
    client_name: string;
    address: string | null;
    postal_code: string | null;
    city: string | null;
    lines: LineRow[];
    source_hash: Buffer;
  }>(sql`
    select i.id, ${invoiceNumberSql} as invoice_number,
           to_char(${invoiceDateSql}, 'YYYY-MM-DD') as invoice_date,
           to_char(coalesce(i.due_date, ${invoiceDateSql} + ${paymentTermDays}::int), 'YYYY-MM-DD') as due_date,
           i.payment_status, to_char(i.processed_month, 'YYYY-MM-DD') as processed_month, i.invoice_amount::text as invoice_amount,
           c.client_code, c.name as client_name, c.address, c.postal_code, c.city,
           coalesce((
             select json_agg(json_build_array(l.line_no, l.facility_name, l.description, l.quantity, l.unit_price::text, l.vat_rate::text)
                             order by l.facility_name collate portal_sort nulls last, l.line_no)
             from invoice_lines l where l.client_id = i.client_id and l.invoice_id = i.id), '[]') as lines,
           ${invoiceSourceHashSql} as source_hash
    from invoices i join clients c on c.id = i.client_id
    where i.client_id = ${customerId} and i.processed_month = ${processedMonth}::date and c.client_code = ${clientCode}`);
  const invoice = found.rows[0];
  if (!invoice) return null;
  const rows = invoice.lines.map(([lineNo, departmentName, description, quantity, unitPrice, vatRate]) => ({ lineNo, departmentName, description, quantity, unitPrice, vatRate }));
  const lines = rows.map((r) => ({
    lineNo: Number(r.lineNo),
    departmentName: r.departmentName,
    description: r.description,
    quantity: Number(r.quantity),
    unitPrice: toUnits(r.unitPrice, 4),
    vatRate: rateHundredths(r.vatRate),
    netCents: lineNetCents({ quantity: Number(r.quantity), unitPrice: r.unitPrice }),
  }));
  const placeLine = [invoice.postal_code, invoice.city].filter(Boolean).join(' ');
  return {
    id: Number(invoice.id),
    invoiceNumber: invoice.invoice_number,
    invoiceDate: invoice.invoice_date,
    dueDate: invoice.due_date,
    paymentStatus: invoice.payment_status,
    processedMonth: invoice.processed_month,
    clientCode: invoice.client_code,
    clientName: invoice.client_name,
    clientAddress: [invoice.address ?? '', placeLine].filter(Boolean),
    storedAmountCents: Number(toUnits(invoice.invoice_amount, 2)),
    lines,
    totals: invoiceTotals(rows.map((r) => ({ quantity: Number(r.quantity), unitPrice: r.unitPrice, vatRate: r.vatRate }))),
    sourceHash: invoice.source_hash,
  };
}

/** The lines grouped by facility, in the order of `lines`. */
export function linesByDepartment(lines: InvoiceLine[]): { departmentName: string | null; lines: InvoiceLine[]; netCents: number }[] {
  const groups: { departmentName: string | null; lines: InvoiceLine[]; netCents: number }[] = [];
  for (const line of lines) {
    let group = groups.at(-1);
    if (!group || group.departmentName !== line.departmentName) {
      group = { departmentName: line.departmentName, lines: [], netCents: 0 };
      groups.push(group);
    }
    group.lines.push(line);
    group.netCents += line.netCents;
  }
  return groups;
}
