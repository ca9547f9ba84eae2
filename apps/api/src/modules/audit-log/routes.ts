import { backofficeAuditCalls as calls } from '@portal/contract';
import { contentDisposition } from '../../lib/http.js';
import type { BackofficeModule } from '../backoffice/routes.js';
import { staffOf } from '../backoffice/staff-work.js';
import { AuditLogService } from './audit-log.service.js';

const beheerder = ['Beheerder'] as const;

/** The audit viewer of the back-office (/beheer/logboek): the table and its CSV export, for a Beheerder only. */
export const registerAuditLogRoutes: BackofficeModule = (door, deps) => {
  const service = new AuditLogService(deps.db);
  door.call(calls.getTable, beheerder, ({ body, ...work }) => service.table(work, body));
  door.document(calls.export, beheerder);
  door.scope.route({
    method: 'GET',
    url: calls.export.path,
    schema: { querystring: calls.export.query },
    onRequest: door.guard(beheerder),
    handler: async (request, reply) => {
      const { staff, role } = staffOf(request);
      const query = request.query as Parameters<AuditLogService['export']>[2];
      const stream = await door.work.run(request, (work) => service.export(work, { staffId: staff.id, role }, query));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(`logboek-${day}.csv`))
        .send(stream);
    },
  });
};
