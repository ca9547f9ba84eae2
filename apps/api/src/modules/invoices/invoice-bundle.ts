import { once } from 'node:events';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import archiver, { type Archiver } from 'archiver';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { invoiceBundleFileName, invoiceBundleText, type InvoiceFileType, type InvoicePeriod } from '@portal/contract';
import type { Tx } from '../../db/tenancy.js';
import { contentDisposition, type StreamedFile } from '../../lib/http.js';
import { HttpProblem } from '../../lib/problems.js';
import type { TenantWork } from '../../lib/unit-of-work.js';
import { invoiceFile } from './invoice-files.js';
import type { Supplier } from './supplier.js';

export interface InvoiceBundleRequest {
  period: InvoicePeriod;
  fileTypes: InvoiceFileType[];
}

/** A bundle that is not done by then (a client that stopped reading) is broken off. */
export const bundleDeadlineMs = 5 * 60_000;
/** Slices of a file as they go into the ZIP: the ZIP is only fed as fast as the client reads. */
const SLICE_BYTES = 64 * 1024;

class ClientGone extends Error {}

/** The customer's invoices of the period, oldest first, with their client code. */
async function invoicesOfPeriod(tx: Tx, customerId: string, period: InvoicePeriod) {
  const found = await tx.execute<{ processed_month: string; client_code: string }>(sql`
    select to_char(i.processed_month, 'YYYY-MM-DD') as processed_month, c.client_code
    from invoices i join clients c on c.id = i.client_id
    where i.client_id = ${customerId} and i.processed_month between ${period.firstMonth}::date and ${period.lastMonth}::date
    order by i.processed_month`);
  return found.rows;
}

/** Puts one file into the ZIP and resolves once the ZIP has taken it whole (or rejects when the client is gone). */
async function addToArchive(archive: Archiver, body: Buffer, name: string, gone: Promise<never>) {
  const slices = Array.from({ length: Math.ceil(body.length / SLICE_BYTES) || 1 }, (_, i) => body.subarray(i * SLICE_BYTES, (i + 1) * SLICE_BYTES));
  const taken = once(archive, 'entry');
  archive.append(Readable.from(slices, { objectMode: false }), { name });
  await Promise.race([taken, gone]);
}

/**
 * Streams the customer's invoices of a period as one ZIP to `reply`, in the asked file types, each file the one
 * its single download hands out (the kept rendering, decision 0034: byte for byte the same) and named alike.
 * Files are taken one at a time, the next only once the ZIP has taken the last (the client's pace), so at most
 * one file is held in memory. Each file is taken (or rendered and kept) in a short tenant
 * transaction of its own that writes the `InvoiceDownload` row a single download writes (marked with the
 * bundle's period) and commits before the file's bytes go out: no connection waits on a slow client, and a
 * download broken off keeps the rows of the files that may have left. Returns once the ZIP has ended. A period
 * without invoices is a 422, never an empty ZIP.
 */
export async function streamInvoiceBundle(
  { tenantWork, request, reply }: { tenantWork: TenantWork; request: FastifyRequest; reply: FastifyReply },
  asked: InvoiceBundleRequest,
  supplier: Supplier,
): Promise<StreamedFile> {
  const { period, fileTypes } = asked;
  const log = request.log;
  const months = await tenantWork.run(request, async ({ tx, claims, audit }) => {
    audit.onRefusal(() => ({
      action: 'InvoiceDownload',
      objectType: 'InvoiceBundle',
      details: { reason: 'no-invoices', period: period.text, fileTypes },
    }));
    const found = await invoicesOfPeriod(tx, claims.customerId, period);
    if (found.length === 0) throw new HttpProblem(422, invoiceBundleText.noInvoices);
    return found;
  });

  /** One file, made and traced in its own transaction; null when its invoice is gone meanwhile. */
  const fileOf = (month: string, clientCode: string, fileType: InvoiceFileType) =>
    tenantWork.run(request, async ({ tx, claims, audit }) => {
      const file = await invoiceFile(tx, claims.customerId, { month, clientCode, fileType }, supplier, log);
      if (!file) return null;
      await audit({
        action: 'InvoiceDownload',
        objectType: 'Invoice',
        objectId: String(file.invoiceId),
        details: { processedMonth: month, fileType, source: file.source, bundle: period.text },
      });
      return file;
    });

  const archive = archiver('zip', { zlib: { level: 6 } });
  const response = reply.raw;
  const gone = new Promise<never>((_, reject) => {
    response.once('close', () => {
      if (!response.writableFinished) reject(new ClientGone());
    });
  });
  gone.catch(() => undefined);
  const deadline = setTimeout(() => response.destroy(), bundleDeadlineMs);
  archive.on('warning', (warning) => log.warn({ err: warning }, 'invoice bundle warning'));

  void reply
    .header('content-type', 'application/zip')
    .header('content-disposition', contentDisposition(invoiceBundleFileName(months[0]!.client_code, period)))
    .send(archive);
  let files = 0;
  let completed = false;
  try {
    for (const { processed_month: month, client_code: clientCode } of months) {
      for (const fileType of fileTypes) {
        const file = await fileOf(month, clientCode, fileType);
        if (!file) break;
        await addToArchive(archive, file.body, file.fileName, gone);
        files += 1;
      }
    }
    await archive.finalize();
    await Promise.race([finished(response), gone]);
    completed = true;
  } catch (error) {
    archive.abort();
    if (error instanceof ClientGone || response.destroyed) {
      log.info({ period: period.text, files }, 'invoice bundle broken off before its end');
    } else {
      // The answer has begun: no problem document can follow. The client sees a broken download, not a short ZIP.
      log.error({ err: error, period: period.text, files }, 'invoice bundle failed');
      response.destroy();
    }
  } finally {
    clearTimeout(deadline);
  }
  return { streamed: true, completed };
}
