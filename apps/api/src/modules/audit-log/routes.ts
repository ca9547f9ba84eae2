import { accessLogCalls, backofficeAuditCalls as calls } from '@portal/contract';
import type { PortalDoor } from '../../doors/portal.js';
import { contentDisposition } from '../../lib/http.js';
import type { ExportSlots } from '../../lib/table-export.js';
import type { BackofficeModule } from '../../doors/backoffice.js';
import { accessLogAccess, exportAccessLog, readAccessLog } from './access-log.service.js';
import { AuditLogService } from './audit-log.service.js';

// The audit trail (audit_log) and its two readers: a customer's administrators read their own staff's acts
// (Inzage logboek, the portal's door), the provider's Beheerder reads every door's (Logboek, the back-office's).

/**
 * Inzage logboek (issue 14): for a customer's administrators, in a session that logged in with two-factor
 * login; every read and export of the log is itself in the log.
 */
export function registerAccessLogRoutes(portal: PortalDoor, deps: { clock: () => Date; exportSlots: ExportSlots }) {
  portal.read(accessLogCalls.getAccess, ({ tx, claims }) => accessLogAccess(tx, claims));

  // The log is read on the read pool (a streaming replica with DATABASE_READ_URL, decision 0093).
  portal.report(accessLogCalls.getAccessLogTable, ({ body, ...reading }) => readAccessLog(reading, body));
  portal.report(accessLogCalls.exportAccessLog, ({ body, reply, ...reading }) => exportAccessLog(reading, body, reply, deps));
}

/**
 * The audit viewer of the back-office (/beheer/logboek): the table and its CSV export, for a Beheerder only, read on
 * the read pool (decision 0093).
 */
export const registerAuditLogRoutes: BackofficeModule = (door, deps) => {
  const service = new AuditLogService(deps.readDb);
  door.report(calls.getTable, ({ body, ...reading }) => service.table(reading, body));
  door.document(calls.export);
  door.scope.route({
    method: 'GET',
    url: calls.export.path,
    schema: { querystring: calls.export.query },
    onRequest: door.guard(calls.export),
    handler: async (request, reply) => {
      const { staff, role } = door.principalOf(request);
      const query = request.query as Parameters<AuditLogService['export']>[2];
      const stream = await door.reporting(request, (reading) => service.export(reading, { staffId: staff.id, role }, query));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(`logboek-${day}.csv`))
        .send(stream);
    },
  });
};
