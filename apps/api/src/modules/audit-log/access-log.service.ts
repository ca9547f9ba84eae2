import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import {
  type accessLogCalls,
  exportColumns,
  exportNames,
  feedback,
  type AccessLogAccess,
  type AccessLogFilters,
  type AccessLogRow,
  type ExportColumn,
  type ParsedBodyOf,
} from '@portal/contract';
import { accounts, sessionFamilies } from '../../db/schema.js';
import type { Tx } from '../../db/tenancy.js';
import type { AccessClaims } from '../../lib/crypto.js';
import { HttpProblem } from '../../lib/problems.js';
import { exportTable, type ExportSlots } from '../../lib/table-export.js';
import { queryRows } from '../../lib/tables.js';
import type { TenantReading } from '../../lib/unit-of-work.js';
import { accessLogScope, accessLogTable } from './access-log.table.js';
import { showingPatients } from './shown-patients.js';

/** Whether this session may read the log: its account has two-factor login and the session began with it. */
export async function accessLogAccess(tx: Tx, claims: AccessClaims): Promise<AccessLogAccess> {
  const [row] = await tx
    .select({ totpEnabled: accounts.totpEnabled, secondFactor: sessionFamilies.secondFactor })
    .from(sessionFamilies)
    .innerJoin(accounts, and(eq(accounts.customerId, sessionFamilies.customerId), eq(accounts.id, sessionFamilies.accountId)))
    .where(and(eq(sessionFamilies.customerId, claims.customerId), eq(sessionFamilies.id, claims.familyId)));
  if (!row?.totpEnabled) return { allowed: false, reason: 'TwoFactorOff' };
  if (!row.secondFactor) return { allowed: false, reason: 'SessionWithoutTwoFactor' };
  return { allowed: true, reason: null };
}

async function requireAccess(tx: Tx, claims: AccessClaims): Promise<void> {
  if (!(await accessLogAccess(tx, claims)).allowed) throw new HttpProblem(403, feedback.accessLogNeedsTwoFactor);
}

const filtersOf = (body: AccessLogFilters): AccessLogFilters => ({
  patient: body.patient?.trim() || null,
  staffMember: body.staffMember?.trim() || null,
  action: body.action ?? null,
  from: body.from ?? null,
  until: body.until ?? null,
});

/** A page of the log; reading it is in the log too. */
export async function readAccessLog({ tx, claims, audit }: TenantReading, body: ParsedBodyOf<typeof accessLogCalls.getAccessLogTable>) {
  await requireAccess(tx, claims);
  const filters = filtersOf(body);
  const shown = showingPatients(accessLogTable);
  const page = await queryRows(tx, shown.table, accessLogScope(claims.customerId, filters), body);
  audit({ action: 'AccessLogRead', objectType: 'AccessLog', patients: shown.patients(), details: { filters, page: body.page ?? 1 } });
  return page;
}

/** The whole log as the filters narrow it, streamed as Excel or CSV; the export is in the log too. */
export async function exportAccessLog(
  { tx, claims, audit }: TenantReading,
  body: ParsedBodyOf<typeof accessLogCalls.exportAccessLog>,
  reply: FastifyReply,
  deps: { clock: () => Date; exportSlots: ExportSlots },
) {
  await requireAccess(tx, claims);
  const filters = filtersOf(body);
  const release = deps.exportSlots.take(claims.customerId, claims.accountId);
  const shown = showingPatients(accessLogTable);
  try {
    const outcome = await exportTable(
      tx,
      reply,
      {
        table: shown.table,
        scope: accessLogScope(claims.customerId, filters),
        columns: exportColumns.accessLog as readonly ExportColumn<AccessLogRow>[],
        title: exportNames.accessLog.sheet,
        fileName: exportNames.accessLog.file,
      },
      { format: body.format },
      deps.clock(),
      release,
    );
    audit({
      action: 'AccessLogExport',
      objectType: 'AccessLog',
      patients: shown.patients(),
      details: { filters, format: body.format, rows: outcome.rows, total: outcome.total, completed: outcome.completed },
    });
    return { streamed: true, completed: outcome.completed } as const;
  } finally {
    release();
  }
}
