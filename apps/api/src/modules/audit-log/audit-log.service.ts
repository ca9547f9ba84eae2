import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import {
  auditActionText,
  auditActorKindText,
  auditDetailFields,
  auditDetailsText,
  auditObjectText,
  auditOutcomeLabels,
  type AuditFilters,
  type AuditRow,
  type AuditTableBody,
} from '@portal/contract';
import type { Db } from '../../db/database.js';
import { CSV_BOM, csvLine } from '../../lib/csv.js';
import { containsPattern, fold, queryRows } from '../../lib/tables.js';
import type { StaffReading } from '../backoffice/staff-work.js';
import { readAsStaff, type StaffActor } from '../backoffice/staff-tx.js';
import { auditLogTable, auditScope } from './audit-log.table.js';
import { patientsIn, showingPatients } from './shown-patients.js';

const filtersOf = (body: AuditFilters): AuditFilters => ({
  customer: body.customer ?? null,
  patient: body.patient ?? null,
  actorKind: body.actorKind ?? null,
  actor: body.actor ?? null,
  action: body.action ?? null,
  from: body.from ?? null,
  until: body.until ?? null,
});

const EXPORT_BATCH = 2000;
const dutchMoment = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', dateStyle: 'short', timeStyle: 'medium' });

/** The audit viewer (issue 12): reading the trail is itself audited, as every read of patient data is. */
export class AuditLogService {
  /** `db`: the read pool's, where the file's batches are read */
  constructor(private readonly db: Db) {}

  async table(work: StaffReading, body: AuditTableBody) {
    const filters = filtersOf(body);
    const shown = showingPatients(auditLogTable);
    const page = await queryRows(work.tx, shown.table, auditScope(filters), body);
    work.audit({ action: 'Backoffice.AuditRead', patients: shown.patients(), details: { filters, search: body.search ?? null, page: body.page ?? 1 } });
    return page;
  }

  /**
   * The filtered trail as CSV, newest first, streamed in batches of 2,000 (each its own short transaction of
   * the staff role, keyed on the id, read-only on the read pool): a log of millions of rows never sits in memory.
   */
  async export(work: StaffReading, actor: NonNullable<StaffActor>, query: AuditFilters & { search?: string | null }): Promise<Readable> {
    const filters = filtersOf(query);
    const term = query.search?.trim();
    const scope = term
      ? sql`(${auditScope(filters)}) and (${auditLogTable.search(containsPattern(term), fold(term))})`
      : auditScope(filters);
    // The file is streamed after this row: whose data it holds is read first, from the same rows.
    const patients = await patientsIn(work.tx, scope);
    work.audit({ action: 'Backoffice.AuditExport', patients, details: { filters, search: query.search ?? null } });
    const db = this.db;
    async function* lines() {
      yield CSV_BOM + csvLine(['Tijdstip', 'Wie (soort)', 'Wie', 'Actie', 'Resultaat', 'Klantcode', 'Klant', 'Patiënten', 'Object', 'Adres', 'Details']);
      let before: number | null = null;
      for (;;) {
        const rows: AuditRow[] = await readAsStaff(db, actor, async (tx) => {
          const result = await tx.execute(sql`select ${auditLogTable.select} from ${auditLogTable.from}
            where (${scope}) ${before === null ? sql`` : sql`and a.id < ${before}`}
            order by a.id desc limit ${EXPORT_BATCH}`);
          return result.rows.map((raw) => auditLogTable.toRow(raw));
        });
        if (rows.length === 0) return;
        yield rows
          .map((r) =>
            csvLine([
              dutchMoment.format(new Date(r.at)),
              auditActorKindText(r),
              r.actorName,
              auditActionText(r.action),
              auditOutcomeLabels[r.outcome] ?? r.outcome,
              r.customerCode,
              r.customerName,
              r.patients.join(', '),
              auditObjectText(r),
              r.address,
              auditDetailsText(auditDetailFields(r)),
            ]),
          )
          .join('');
        before = rows[rows.length - 1]!.id;
        if (rows.length < EXPORT_BATCH) return;
      }
    }
    return Readable.from(lines());
  }
}
