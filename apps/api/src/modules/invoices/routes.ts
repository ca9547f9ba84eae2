import type { FastifyInstance } from 'fastify';
import { calls } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { withTenant } from '../../db/tenancy.js';
import { writeAudit } from '../../lib/audit.js';
import { authOf } from '../../lib/auth-guard.js';
import { registerCall } from '../../lib/http.js';
import { notFound } from '../../lib/problems.js';
import { queryTable } from '../../lib/tables.js';
import { loadInvoice } from './invoice-document.js';
import { renderInvoiceFile } from './invoice-files.js';
import { invoiceTable } from './invoices.table.js';

export function registerInvoiceRoutes(app: FastifyInstance, db: Db) {
  registerCall(app, calls.invoice.getInvoiceTable, ({ body, request }) => {
    const { clientId } = authOf(request);
    return withTenant(db, clientId, (tx) => queryTable(tx, invoiceTable, clientId, body));
  });

  registerCall(app, calls.invoice.downloadInvoiceFile, async ({ query, request }) => {
    const claims = authOf(request);
    // Any day names its month; invoices are stored under the month's first day.
    const month = `${query.ProcessedMonth.slice(0, 7)}-01`;
    const invoice = await withTenant(db, claims.clientId, (tx) => loadInvoice(tx, claims.clientId, month, query.ClientCode));
    const audit = {
      action: 'InvoiceDownload',
      accountId: claims.accountId,
      clientId: claims.clientId,
      objectType: 'Invoice',
      address: request.ip,
    } as const;
    if (!invoice) {
      await writeAudit(db, {
        ...audit,
        outcome: 'Failure',
        details: { reason: 'not-found', processedMonth: month, clientCode: query.ClientCode, fileType: query.FileType },
      });
      throw notFound();
    }
    if (invoice.storedAmountCents !== invoice.totals.grossCents) {
      // The table would show another total than the file: the invoice's data needs repair, the file is still right.
      request.log.warn(
        { invoiceId: invoice.id, stored: invoice.storedAmountCents, fromLines: invoice.totals.grossCents },
        'invoice amount differs from the sum of its lines',
      );
    }
    const file = await renderInvoiceFile(invoice, query.FileType);
    // Written once the file exists: the trail records what was handed out.
    await writeAudit(db, {
      ...audit,
      outcome: 'Success',
      objectId: String(invoice.id),
      details: { processedMonth: month, fileType: query.FileType },
    });
    return file;
  });
}
