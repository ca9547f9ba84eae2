import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { importRejections } from '../../db/schema.js';
import type { IntegrationReading } from '../../doors/integration.js';
import type { AuditPatient } from '../../lib/audit.js';
import { withIntegration } from './integration-tx.js';
import { rejectionColumns } from './run-summary.js';

const PAGE = 5000;

/** Every rejected row of a run as NDJSON, read a page at a time by line: a run of a million rejects streams flat. */
export function streamRejections(db: Db, runId: number): Readable {
  async function* pages() {
    let afterId = 0;
    for (;;) {
      const rows = await withIntegration(db, (tx) =>
        tx
          .select({ id: importRejections.id, ...rejectionColumns })
          .from(importRejections)
          .where(sql`${importRejections.runId} = ${runId} and ${importRejections.id} > ${afterId}`)
          .orderBy(importRejections.id)
          .limit(PAGE),
      );
      if (rows.length === 0) return;
      yield rows.map(({ id: _id, ...rejection }) => JSON.stringify(rejection)).join('\n') + '\n';
      afterId = rows[rows.length - 1]?.id ?? afterId;
      if (rows.length < PAGE) return;
    }
  }
  return Readable.from(pages());
}

/**
 * Reading a run of patients answers its rejected rows' keys: the provider's keys of patients. The read's audit row
 * names them by key (a rejected row wrote nothing, so its key is all that is sure of it) and the run's customer,
 * where the run was limited to one.
 */
export async function auditRunRead({ tx, audit }: Pick<IntegrationReading, 'tx' | 'audit'>, runId: number): Promise<void> {
  const result = await tx.execute<{ customer_id: string | null; keys: string[] | null }>(sql`
    select (select c.id from clients c where c.client_code = ru.scope_customer) as customer_id,
           (select array_agg(distinct r.key order by r.key) from import_rejections r where r.run_id = ru.id and r.key is not null) as keys
    from import_runs ru where ru.id = ${runId} and ru.kind = 'patients'`);
  const run = result.rows[0];
  if (!run?.keys?.length) return;
  const patients: AuditPatient[] = run.keys.map((key) => ({ id: null, key, name: null, birthDate: null }));
  audit({ action: 'Integration.RunRead', customerId: run.customer_id, objectType: 'ImportRun', objectId: String(runId), patients });
}
