import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { InvoiceFileType } from '@portal/contract';
import type { Tx } from '../../db/tenancy.js';
import { invoiceSourceHashSql, loadInvoice, type InvoiceDocument } from './invoice-document.js';
import { renderInvoiceWorkbook } from './invoice-excel.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import type { Supplier } from './supplier.js';

const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const kinds: Record<InvoiceFileType, { withLines: boolean; contentType: string; extension: string }> = {
  Pdf: { withLines: false, contentType: PDF, extension: 'pdf' },
  PdfDetails: { withLines: true, contentType: PDF, extension: 'pdf' },
  Excel: { withLines: false, contentType: XLSX, extension: 'xlsx' },
  ExcelDetails: { withLines: true, contentType: XLSX, extension: 'xlsx' },
};

/**
 * The layout of the rendered files. Raise it with any change of what the renderers write (invoice-pdf.ts,
 * invoice-excel.ts, their labels): the kept renderings of an older layout are then stale and made again at their
 * next download. invoice-layout.test.ts holds the hashes of today's output and fails when it changes.
 */
export const INVOICE_LAYOUT_VERSION = 1;

/** 'Factuur APO-1001 2026-03.pdf', 'Factuur APO-1001 2026-03 specificatie.xlsx' */
export function invoiceFileName(doc: Pick<InvoiceDocument, 'clientCode' | 'processedMonth'>, type: InvoiceFileType): string {
  const kind = kinds[type];
  return `Factuur ${doc.clientCode} ${doc.processedMonth.slice(0, 7)}${kind.withLines ? ' specificatie' : ''}.${kind.extension}`;
}

/** The invoice's file of the asked type, made now from its stored lines. */
export async function renderInvoiceFile(doc: InvoiceDocument, type: InvoiceFileType, supplier: Supplier) {
  const kind = kinds[type];
  const body =
    kind.contentType === PDF ? await renderInvoicePdf(doc, supplier, kind.withLines) : await renderInvoiceWorkbook(doc, supplier, kind.withLines);
  return { fileName: invoiceFileName(doc, type), contentType: kind.contentType, body };
}

const renderKeys = new WeakMap<Supplier, Buffer>();

/** SHA-256 of what a rendering shows besides the invoice's data: the supplier's details and the layout. */
export function renderKey(supplier: Supplier): Buffer {
  let key = renderKeys.get(supplier);
  if (!key) {
    const fields = Object.entries(supplier).sort(([a], [b]) => a.localeCompare(b));
    key = createHash('sha256').update(JSON.stringify([INVOICE_LAYOUT_VERSION, fields])).digest();
    renderKeys.set(supplier, key);
  }
  return key;
}

/** One invoice's file as every download hands it out, with the hash its ETag is made of. */
export interface InvoiceFile<Body extends Buffer | null = Buffer> {
  invoiceId: number;
  fileName: string;
  contentType: string;
  /** null: the browser holds these bytes already (HeldCopies), they were not read */
  body: Body;
  /** hex SHA-256 of `body` */
  sha256: string;
  /** 'provider': the file the provider's invoicing sent (issue 11); 'rendered': the portal's rendering */
  source: 'provider' | 'rendered';
}

export interface InvoiceFileAsked {
  /** `YYYY-MM-01` */
  month: string;
  clientCode: string;
  fileType: InvoiceFileType;
}

const sha256Hex = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** Copies a browser holds, by the SHA-256 (hex) of their bytes; `any` when it asks with `*`. */
export interface HeldCopies {
  any: boolean;
  sha256: string[];
}
const noCopies: HeldCopies = { any: false, sha256: [] };

/**
 * The one query of a download served from what is kept: the invoice of the month and code (none: another
 * customer's code, or no invoice that month), with the provider's file of the type, else the kept rendering
 * when it was made from the invoice's data as it is now and for `key` (content null otherwise). The bytes of a
 * file the browser already holds are left in the database (`held`).
 */
export async function findInvoiceFile(tx: Tx, customerId: string, asked: InvoiceFileAsked, key: Buffer, copies: HeldCopies = noCopies) {
  const { month, clientCode, fileType } = asked;
  const found = await tx.execute<{
    id: number;
    content_type: string | null;
    content: Buffer | null;
    sha256: string | null;
    provided: boolean;
    held: boolean;
  }>(sql`
    select id, content_type, case when held then null else content end as content, sha256, provided, held
    from (
      select i.id, coalesce(p.media_type, f.content_type) as content_type, coalesce(p.content, f.content) as content,
             coalesce(p.sha256, f.sha256) as sha256, p.invoice_id is not null as provided,
             coalesce(p.sha256, f.sha256) is not null and (${copies.any} or coalesce(p.sha256, f.sha256) = any(${sql.param(copies.sha256)}::text[])) as held
      from invoices i
      join clients c on c.id = i.client_id
      left join invoice_files p on p.client_id = i.client_id and p.invoice_id = i.id and p.file_type = ${fileType}
      left join invoice_file_cache f on f.client_id = i.client_id and f.invoice_id = i.id and f.file_type = ${fileType}
        and f.render_key = ${key} and f.source_hash = ${invoiceSourceHashSql}
      where i.client_id = ${customerId} and i.processed_month = ${month}::date and c.client_code = ${clientCode}
    ) found`);
  return found.rows[0] ?? null;
}

/**
 * The customer's invoice file of a month and type, or null when the customer has no invoice that month under
 * that code. The provider's own file when its invoicing sent one; else the portal's rendering as kept in
 * `invoice_file_cache` while the invoice's data and the supplier's details are what it was made from; else
 * rendered now and kept (decision 0034). A kept or provided file costs one query; the name is the same either way.
 */
export async function invoiceFile(tx: Tx, customerId: string, asked: InvoiceFileAsked, supplier: Supplier, log: FastifyBaseLogger): Promise<InvoiceFile | null>;
export async function invoiceFile(
  tx: Tx,
  customerId: string,
  asked: InvoiceFileAsked,
  supplier: Supplier,
  log: FastifyBaseLogger,
  copies: HeldCopies,
): Promise<InvoiceFile<Buffer | null> | null>;
export async function invoiceFile(
  tx: Tx,
  customerId: string,
  asked: InvoiceFileAsked,
  supplier: Supplier,
  log: FastifyBaseLogger,
  copies: HeldCopies = noCopies,
): Promise<InvoiceFile<Buffer | null> | null> {
  const { month, clientCode, fileType } = asked;
  const key = renderKey(supplier);
  const row = await findInvoiceFile(tx, customerId, asked, key, copies);
  if (!row) return null;
  const fileName = invoiceFileName({ clientCode, processedMonth: month }, fileType);
  const source = row.provided ? 'provider' : 'rendered';
  if (row.held && row.content_type && row.sha256) {
    return { invoiceId: Number(row.id), fileName, contentType: row.content_type, body: null, sha256: row.sha256, source };
  }
  if (row.content && row.content_type && row.sha256) {
    return { invoiceId: Number(row.id), fileName, contentType: row.content_type, body: row.content, sha256: row.sha256, source };
  }
  const doc = await loadInvoice(tx, customerId, month, clientCode, supplier.paymentTermDays);
  if (!doc) return null;
  warnOnAmountMismatch(doc, log);
  const made = await renderInvoiceFile(doc, fileType, supplier);
  return { invoiceId: doc.id, fileName, source: 'rendered', ...(await keep(tx, customerId, doc, fileType, key, made)) };
}

/**
 * Keeps a rendering, replacing a stale one. The file handed out is the one kept: when a download beside this one
 * kept a rendering of the same data first, that one is served, so that both have the same bytes and ETag.
 */
async function keep(
  tx: Tx,
  customerId: string,
  doc: InvoiceDocument & { sourceHash: Buffer },
  fileType: InvoiceFileType,
  key: Buffer,
  made: { contentType: string; body: Buffer },
): Promise<{ contentType: string; body: Buffer; sha256: string }> {
  const sha256 = sha256Hex(made.body);
  const stored = await tx.execute(sql`
    insert into invoice_file_cache as t (client_id, invoice_id, file_type, source_hash, render_key, content_type, content, sha256)
    values (${customerId}, ${doc.id}, ${fileType}, ${doc.sourceHash}, ${key}, ${made.contentType}, ${made.body}, ${sha256})
    on conflict (client_id, invoice_id, file_type) do update
      set source_hash = excluded.source_hash, render_key = excluded.render_key, content_type = excluded.content_type,
          content = excluded.content, sha256 = excluded.sha256, rendered_at = now()
      where t.source_hash <> excluded.source_hash or t.render_key <> excluded.render_key
    returning 1`);
  if (stored.rowCount) return { contentType: made.contentType, body: made.body, sha256 };
  const kept = await tx.execute<{ content_type: string; content: Buffer; sha256: string }>(sql`
    select content_type, content, sha256 from invoice_file_cache
    where client_id = ${customerId} and invoice_id = ${doc.id} and file_type = ${fileType}`);
  const other = kept.rows[0];
  return other ? { contentType: other.content_type, body: other.content, sha256: other.sha256 } : { contentType: made.contentType, body: made.body, sha256 };
}

/** The table would show another total than the file: the invoice's data needs repair, the file is still right. */
export function warnOnAmountMismatch(invoice: InvoiceDocument, log: FastifyBaseLogger) {
  if (invoice.storedAmountCents === invoice.totals.grossCents) return;
  log.warn({ invoiceId: invoice.id, stored: invoice.storedAmountCents, fromLines: invoice.totals.grossCents }, 'invoice amount differs from the sum of its lines');
}
