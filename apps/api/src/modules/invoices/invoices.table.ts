import { sql } from 'drizzle-orm';
import { tableDefaults, type InvoiceRow, type InvoiceTableColumn } from '@portal/contract';
import type { TableDefinition } from '../../lib/tables.js';
import { monthNames } from '../../lib/dutch-dates.js';
import { invoiceNumberSql } from './invoice-document.js';

// The texts a customer sees and may type, made in SQL the way the web app shows them.
/** 'maart 2026' */
const monthText = sql`(${sql.param([...monthNames])}::text[])[extract(month from i.processed_month)::int] || ' ' || to_char(i.processed_month, 'YYYY')`;
/** '1.234,56': to_char's ',' and '.' are fixed separators whatever the server's locale; then swapped. */
const dutchAmount = sql`translate(to_char(i.invoice_amount, 'FM999,999,999,990.00'), ',.', '.,')`;

/** The customer's invoices, one per processed month. */
export const invoiceTable: TableDefinition<InvoiceTableColumn, InvoiceRow> = {
  sortColumns: {
    processedMonth: sql`i.processed_month`,
    clientCode: sql`c.client_code collate portal_sort`,
    invoiceAmount: sql`i.invoice_amount`,
  },
  defaults: tableDefaults.invoices,
  // A few dozen per customer: one plan serves every customer, kept prepared per connection (decision 0037).
  fewRowsPerCustomer: true,
  tieBreaker: sql`i.id`,
  from: sql`invoices i join clients c on c.id = i.client_id`,
  ownRows: (customerId) => sql`i.client_id = ${customerId}`,
  // Every invoice is its customer's (the join adds the customer's code): the count needs no join. A customer has
  // a few dozen invoices, so pages are read from the join: paging keys first cost more than it saved (bench).
  ownTable: { from: sql`invoices i`, sortColumns: [] },
  // A customer has a few dozen invoices, found by the (client_id, processed_month) index; these texts are
  // made only for those rows. The amount matches as shown ('€ 1.234,56'), without thousands dots
  // ('1234,56') and with a decimal point ('1234.56').
  search: (pattern) => sql`
    ${monthText} like ${pattern}
    or portal_fold(c.client_code) like ${pattern}
    or '€ ' || ${dutchAmount} like ${pattern}
    or replace(${dutchAmount}, '.', '') like ${pattern}
    or i.invoice_amount::text like ${pattern}
    or portal_fold(${invoiceNumberSql}) like ${pattern}`,
  select: sql`to_char(i.processed_month, 'YYYY-MM-DD') as processed_month, c.client_code, i.invoice_amount::text as invoice_amount,
    ${invoiceNumberSql} as invoice_number, i.payment_status`,
  toRow: (r) => ({
    processedMonth: String(r.processed_month),
    clientCode: String(r.client_code),
    invoiceAmount: Number(r.invoice_amount),
    invoiceNumber: String(r.invoice_number),
    paymentStatus: r.payment_status === 'Paid' || r.payment_status === 'Open' ? r.payment_status : null,
  }),
};
