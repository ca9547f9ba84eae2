import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { importRejections } from '../../db/schema.js';
import { withIntegration } from './integration-tx.js';

const PAGE = 5000;

/** Every rejected row of a run as NDJSON, read a page at a time by line: a run of a million rejects streams flat. */
export function streamRejections(db: Db, runId: number): Readable {
  async function* pages() {
    let afterId = 0;
    for (;;) {
      const rows = await withIntegration(db, (tx) =>
        tx
          .select({ id: importRejections.id, line: importRejections.line, key: importRejections.key, reason: importRejections.reason })
          .from(importRejections)
          .where(sql`${importRejections.runId} = ${runId} and ${importRejections.id} > ${afterId}`)
          .orderBy(importRejections.id)
          .limit(PAGE),
      );
      if (rows.length === 0) return;
      yield rows.map(({ line, key, reason }) => JSON.stringify({ line, key, reason })).join('\n') + '\n';
      afterId = rows[rows.length - 1]?.id ?? afterId;
      if (rows.length < PAGE) return;
    }
  }
  return Readable.from(pages());
}
