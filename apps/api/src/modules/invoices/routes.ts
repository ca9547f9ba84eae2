import { calls, downloadInvoiceBundle } from '@portal/contract';
import type { PortalDoor } from '../../doors/portal.js';
import { queryTable } from '../../lib/tables.js';
import { streamInvoiceBundle } from './invoice-bundle.js';
import { downloadInvoiceFile } from './invoices.service.js';
import { invoiceTable } from './invoices.table.js';
import type { Supplier } from './supplier.js';

export function registerInvoiceRoutes(portal: PortalDoor, deps: { supplier: Supplier }) {
  portal.read(calls.invoice.getInvoiceTable, ({ body, tx, claims }) => queryTable(tx, invoiceTable, claims.customerId, body));
  portal.call(calls.invoice.downloadInvoiceFile, ({ query, request, ...work }) =>
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
  );
  // Ours, not the spec's (issue 14): the period's invoices as one ZIP, streamed; each file in a transaction of its own.
  portal.admitted(downloadInvoiceBundle, ({ query, request, reply }) =>
    streamInvoiceBundle({ tenantWork: portal.scope.tenantWork, request, reply }, { period: query.Period, fileTypes: query.FileTypes }, deps.supplier),
  );
}
