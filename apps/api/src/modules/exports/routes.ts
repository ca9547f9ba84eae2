import type { SQL } from 'drizzle-orm';
import { exportCalls, exportColumns, exportNames, type CallDefinition, type ExportColumn, type ExportFormat, type ExportTable, type TableRequest } from '@portal/contract';
import type { CallRequest } from '../../lib/http.js';
import type { TenantReading } from '../../lib/unit-of-work.js';
import type { PortalDoor } from '../../doors/portal.js';
import { exportTable, type ExportSlots } from '../../lib/table-export.js';
import { readingPatients, type TableDefinition } from '../../lib/tables.js';
import { drugTable } from '../assortment/assortment.table.js';
import { deliveryScheduleTable } from '../delivery-schedules/delivery-schedules.table.js';
import { myRequestTable } from '../my-requests/my-requests.table.js';
import { myRequestPatients } from '../my-requests/routes.js';
import { invoiceTable } from '../invoices/invoices.table.js';
import { packingOrderTable } from '../packing-orders/packing-orders.table.js';
import { pharmacistTable } from '../pharmacists/pharmacists.table.js';
import { serviceProductOrderTable } from '../service-products/service-product-orders.table.js';

type ExportBody<Col extends string> = Pick<TableRequest<Col>, 'sortBy' | 'descending' | 'search'> & { format: ExportFormat };

export interface ExportDeps {
  clock: () => Date;
  /** the exports running in this process (the access log's export takes a slot too) */
  slots: ExportSlots;
}

/**
 * The Export calls (issue 14): each table of the portal as a file, with its search and sort, all its rows; read in one
 * read-only transaction on the read pool (a streaming replica with DATABASE_READ_URL, decision 0093).
 */
export function registerExportRoutes(portal: PortalDoor, deps: ExportDeps) {
  const { slots } = deps;

  function register<Col extends string, Row, C extends CallDefinition>(
    call: C,
    key: ExportTable,
    whole: TableDefinition<Col, Row>,
    /** the patients a row names (int[]), for a table whose rows do: the export's audit row names each patient in the file */
    patientIds?: SQL,
  ) {
    const columns = exportColumns[key] as unknown as readonly ExportColumn<Row>[];
    portal.report(
      call,
      async ({ body, tx, claims, audit, reply }: CallRequest<C> & TenantReading) => {
        const request = body as unknown as ExportBody<Col>;
        const read = patientIds ? readingPatients(whole, patientIds) : { table: whole, patients: new Set<number>() };
        const { table } = read;
        const release = slots.take(claims.customerId, claims.accountId);
        try {
          const outcome = await exportTable(
            tx,
            reply,
            { table, scope: table.ownRows(claims.customerId), columns, title: exportNames[key].sheet, fileName: exportNames[key].file },
            request,
            deps.clock(),
            release,
          );
          audit({
            action: 'TableExport',
            objectType: 'Table',
            objectId: key,
            patientIds: read.patients.size ? [...read.patients] : null,
            details: {
              format: request.format,
              search: request.search ?? null,
              sortBy: request.sortBy ?? null,
              descending: request.descending ?? null,
              rows: outcome.rows,
              total: outcome.total,
              completed: outcome.completed,
            },
          });
          return { streamed: true, completed: outcome.completed } as never;
        } finally {
          release();
        }
      },
    );
  }

  register(exportCalls.drugs, 'drugs', drugTable);
  register(exportCalls.packingOrders, 'packingOrders', packingOrderTable);
  register(exportCalls.deliverySchedules, 'deliverySchedules', deliveryScheduleTable);
  register(exportCalls.invoices, 'invoices', invoiceTable);
  register(exportCalls.serviceProductOrders, 'serviceProductOrders', serviceProductOrderTable);
  register(exportCalls.pharmacists, 'pharmacists', pharmacistTable);
  register(exportCalls.myRequests, 'myRequests', myRequestTable, myRequestPatients);
}
