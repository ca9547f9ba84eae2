import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import {
  importRunText,
  type ImportRejectionRow,
  type ImportRunDetail,
  type ImportRunFilters,
  type TableRequest,
  type TableResponse,
  type ImportRejectionColumn,
  type ImportRunColumn,
  type ImportRunRow,
} from '@portal/contract';
import type { Db } from '../../db/database.js';
import type { AuditPatient } from '../../lib/audit.js';
import { CSV_BOM, csvLine } from '../../lib/csv.js';
import { notFound } from '../../lib/problems.js';
import { queryRows } from '../../lib/tables.js';
import type { StaffUnitOfWork } from '../backoffice/staff-work.js';
import { withStaff, type StaffActor, type StaffTx } from '../backoffice/staff-tx.js';
import { importRejectionTable, importRunScope, importRunTable, runFrom, runRow, runSelect } from './import-runs.table.js';

const EXPORT_BATCH = 2000;

const filtersOf = (body: ImportRunFilters): ImportRunFilters => ({
  client: body.client ?? null,
  kind: body.kind ?? null,
  status: body.status ?? null,
  from: body.from ?? null,
  until: body.until ?? null,
});

interface RunOwner {
  /** the customer a run was limited to, where it was */
  customerId: string | null;
  kind: string;
}

/**
 * Koppelingen, Importruns (issue 29.10): the Beheerder reads every run, and each read is audited as the audit
 * viewer's are. A patients run's rejected rows name patients by the provider's key: a read of them names those
 * patients in its audit row, by key (a rejected row wrote nothing, so its key is all that is sure of it) and with
 * the run's customer where the run was limited to one, as the integration's own read of a run does.
 */
export class ImportRunsService {
  constructor(private readonly db: Db) {}

  async table(work: StaffUnitOfWork, body: TableRequest<ImportRunColumn> & ImportRunFilters): Promise<TableResponse<ImportRunRow>> {
    const filters = filtersOf(body);
    const page = await queryRows(work.tx, importRunTable, importRunScope(filters), body);
    await work.audit({ action: 'Backoffice.ImportRunsRead', details: { filters, page: body.page ?? 1 } });
    return page;
  }

  async detail(work: StaffUnitOfWork, id: number): Promise<ImportRunDetail> {
    const result = await work.tx.execute(sql`select ${runSelect}, ru.finished_at, ru.warnings, ru.error from ${runFrom} where ru.id = ${id}`);
    const raw = result.rows[0];
    if (!raw) throw notFound();
    const owner = await this.owner(work.tx, id);
    await work.audit({ action: 'Backoffice.ImportRunRead', customerId: owner?.customerId ?? null, objectType: 'ImportRun', objectId: String(id) });
    return {
      ...runRow(raw),
      finishedAt: raw.finished_at ? new Date(raw.finished_at as string | Date).toISOString() : null,
      warnings: (raw.warnings as string[] | null) ?? [],
      error: (raw.error as string | null) ?? null,
    };
  }

  async rejections(work: StaffUnitOfWork, body: TableRequest<ImportRejectionColumn> & { runId: number }): Promise<TableResponse<ImportRejectionRow>> {
    const owner = await this.owner(work.tx, body.runId);
    if (!owner) throw notFound();
    const page = await queryRows(work.tx, importRejectionTable, sql`r.run_id = ${body.runId}`, body);
    await work.audit({
      action: 'Backoffice.ImportRunRejectionsRead',
      customerId: owner.customerId,
      objectType: 'ImportRun',
      objectId: String(body.runId),
      patients: owner.kind === 'patients' ? byKey(page.items.map((r) => r.key)) : null,
      details: { page: body.page ?? 1, search: body.search ?? null },
    });
    return page;
  }

  /**
   * Every rejected row of a run as CSV by line, streamed in batches of 2,000 (each its own short transaction of
   * the staff role, keyed on line and id): a run of a million rejects never sits in memory. Audited first, with
   * every patient the file names.
   */
  async exportRejections(work: StaffUnitOfWork, actor: NonNullable<StaffActor>, runId: number): Promise<Readable> {
    const owner = await this.owner(work.tx, runId);
    if (!owner) throw notFound();
    const keys =
      owner.kind === 'patients'
        ? (await work.tx.execute<{ key: string }>(sql`select distinct r.key from import_rejections r where r.run_id = ${runId} and r.key is not null order by r.key`)).rows
        : [];
    await work.audit({
      action: 'Backoffice.ImportRunRejectionsExport',
      customerId: owner.customerId,
      objectType: 'ImportRun',
      objectId: String(runId),
      patients: owner.kind === 'patients' ? byKey(keys.map((k) => k.key)) : null,
    });
    const db = this.db;
    const h = importRunText.rejectionHeaders;
    async function* lines() {
      yield CSV_BOM + csvLine([h.line, h.key, h.code, h.field, h.reason]);
      let after: { line: number; id: number } | null = null;
      for (;;) {
        const rows: ImportRejectionRow[] = await withStaff(db, actor, async (tx) => {
          const result = await tx.execute(sql`select ${importRejectionTable.select} from ${importRejectionTable.from}
            where r.run_id = ${runId} ${after === null ? sql`` : sql`and (r.line, r.id) > (${after.line}, ${after.id})`}
            order by r.line, r.id limit ${EXPORT_BATCH}`);
          return result.rows.map((raw) => importRejectionTable.toRow(raw));
        });
        if (rows.length === 0) return;
        yield rows.map((r) => csvLine([r.line, r.key, r.code, r.field, r.reason])).join('');
        const last = rows[rows.length - 1]!;
        after = { line: last.line, id: last.id };
        if (rows.length < EXPORT_BATCH) return;
      }
    }
    return Readable.from(lines());
  }

  /** The run's kind and customer; null when there is no such run. */
  private async owner(tx: StaffTx, runId: number): Promise<RunOwner | null> {
    const result = await tx.execute<{ kind: string; customer_id: string | null }>(sql`
      select ru.kind, (select c.id from clients c where c.client_code = ru.scope_customer) as customer_id
      from import_runs ru where ru.id = ${runId}`);
    const run = result.rows[0];
    return run ? { kind: run.kind, customerId: run.customer_id } : null;
  }
}

/** The patients a patients run's rejected rows name, by the provider's key. */
function byKey(keys: readonly (string | null)[]): AuditPatient[] | null {
  const distinct = [...new Set(keys.filter((key): key is string => key !== null))].sort();
  return distinct.length ? distinct.map((key) => ({ id: null, key, name: null, birthDate: null })) : null;
}

