import type { FastifyInstance } from 'fastify';
import { calls, downloadInvoiceBundle } from '@portal/contract';
import { registerCall } from '../../lib/http.js';
import { queryTable } from '../../lib/tables.js';
import { streamInvoiceBundle } from './invoice-bundle.js';
import { downloadInvoiceFile } from './invoices.service.js';
import { invoiceTable } from './invoices.table.js';
import type { Supplier } from './supplier.js';

export function registerInvoiceRoutes(app: FastifyInstance, deps: { supplier: Supplier }) {
  const tenant = { tenant: true } as const;
  registerCall(app, calls.invoice.getInvoiceTable, ({ body, tx, claims }) => queryTable(tx, invoiceTable, claims.clientId, body), { tenant: 'reads' });
  registerCall(
    app,
    calls.invoice.downloadInvoiceFile,
    ({ query, request, ...work }) =>
      downloadInvoiceFile(
        work,
        {
          processedMonth: query.ProcessedMonth,
          clientCode: query.ClientCode,
          fileType: query.FileType,
          ifNoneMatch: request.headers['if-none-match'],
        },
        deps.supplier,
        request.log,
      ),
    tenant,
  );
  // Ours, not the spec's (issue 14): the period's invoices as one ZIP, streamed; each file in a transaction of its own.
  registerCall(app, downloadInvoiceBundle, ({ query, request, reply }) =>
    streamInvoiceBundle({ tenantWork: app.tenantWork, request, reply }, { period: query.Period, fileTypes: query.FileTypes }, deps.supplier),
  );
}
