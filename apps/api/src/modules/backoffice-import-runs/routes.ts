import { backofficeImportRunCalls as calls } from '@portal/contract';
import type { BackofficeModule } from '../../doors/backoffice.js';
import { contentDisposition } from '../../lib/http.js';
import { ImportRunsService } from './import-runs.service.js';

/**
 * Koppelingen, Importruns of the back-office (issue 29.10): the runs, a run, its rejected rows and their CSV file,
 * for a Beheerder only. The file is a route of its own, as the audit viewer's: it streams after the audit row's
 * transaction has ended, a batch per transaction.
 */
export const registerImportRunsAdmin: BackofficeModule = (door, deps) => {
  const service = new ImportRunsService(deps.db);
  door.call(calls.getTable, ({ body, ...work }) => service.table(work, body));
  door.call(calls.get, ({ query, ...work }) => service.detail(work, query.Id));
  door.call(calls.getRejections, ({ body, ...work }) => service.rejections(work, body));
  door.document(calls.exportRejections);
  door.scope.route({
    method: 'GET',
    url: calls.exportRejections.path,
    schema: { querystring: calls.exportRejections.query },
    onRequest: door.guard(calls.exportRejections),
    handler: async (request, reply) => {
      const { staff, role } = door.principalOf(request);
      const { Id: id } = request.query as { Id: number };
      const stream = await door.act(request, (work) => service.exportRejections(work, { staffId: staff.id, role }, id));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(`importrun-${id}-geweigerde-rijen.csv`))
        .send(stream);
    },
  });
};
