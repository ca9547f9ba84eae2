import type { FastifyInstance } from 'fastify';
import { exportCalls, exportColumns, exportNames, feedback, type CallDefinition, type ExportColumn, type ExportFormat, type ExportTable, type TableRequest } from '@portal/contract';
import { registerCall, type TenantCallRequest } from '../../lib/http.js';
import { HttpProblem } from '../../lib/problems.js';
import { exportTable } from '../../lib/table-export.js';
import type { TableDefinition } from '../../lib/tables.js';
import { drugTable } from '../assortment/assortment.table.js';
import { deliveryScheduleTable } from '../delivery-schedules/delivery-schedules.table.js';
import { myRequestTable } from '../inbox/my-requests.table.js';
import { invoiceTable } from '../invoices/invoices.table.js';
import { packingOrderTable } from '../packing-orders/packing-orders.table.js';
import { pharmacistTable } from '../pharmacists/pharmacists.table.js';
import { serviceProductOrderTable } from '../service-products/service-product-orders.table.js';

/**
 * Exports read their rows in the request's transaction for as long as the download runs, each holding one of the
 * pool's connections: an account runs one at a time, and a process at most a third of its pool at once, so that
 * the screens keep their connections while files are made.
 */
export class ExportSlots {
  private readonly running = new Set<string>();

  constructor(private readonly max: number) {}

  take(clientId: string, accountId: number): () => void {
    const key = `${clientId}:${accountId}`;
    if (this.running.has(key)) throw new HttpProblem(429, feedback.exportRunning, undefined, { 'retry-after': '5' });
    if (this.running.size >= this.max) throw new HttpProblem(429, feedback.exportsBusy, undefined, { 'retry-after': '10' });
    this.running.add(key);
    return () => this.running.delete(key);
  }
}

type ExportBody<Col extends string> = Pick<TableRequest<Col>, 'sortBy' | 'descending' | 'search'> & { format: ExportFormat };

export interface ExportDeps {
  clock: () => Date;
  /** the exports running in this process (the access log's export takes a slot too) */
  slots: ExportSlots;
}

/** The Export calls (issue 14): each table of the portal as a file, with its search and sort, all its rows. */
export function registerExportRoutes(app: FastifyInstance, deps: ExportDeps) {
  const { slots } = deps;

  function register<Col extends string, Row, C extends CallDefinition>(
    call: C,
    key: ExportTable,
    table: TableDefinition<Col, Row>,
    options: { administratorOnly?: boolean } = {},
  ) {
    const columns = exportColumns[key] as unknown as readonly ExportColumn<Row>[];
    registerCall(
      app,
      call,
      async ({ body, tx, claims, audit, reply }: TenantCallRequest<C>) => {
        const request = body as unknown as ExportBody<Col>;
        const release = slots.take(claims.clientId, claims.accountId);
        try {
          const outcome = await exportTable(
            tx,
            reply,
            { table, scope: table.ownRows(claims.clientId), columns, title: exportNames[key].sheet, fileName: exportNames[key].file },
            request,
            deps.clock(),
          );
          await audit({
            action: 'TableExport',
            objectType: 'Table',
            objectId: key,
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
      { tenant: true, administratorOnly: options.administratorOnly },
    );
  }

  register(exportCalls.drugs, 'drugs', drugTable);
  register(exportCalls.packingOrders, 'packingOrders', packingOrderTable);
  register(exportCalls.deliverySchedules, 'deliverySchedules', deliveryScheduleTable);
  register(exportCalls.invoices, 'invoices', invoiceTable);
  register(exportCalls.serviceProductOrders, 'serviceProductOrders', serviceProductOrderTable);
  register(exportCalls.pharmacists, 'pharmacists', pharmacistTable, { administratorOnly: true });
  register(exportCalls.myRequests, 'myRequests', myRequestTable);
}
