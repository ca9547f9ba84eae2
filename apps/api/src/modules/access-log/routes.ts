import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accessLogCalls, exportColumns, exportNames, feedback, type AccessLogAccess, type AccessLogFilters, type AccessLogRow, type ExportColumn } from '@portal/contract';
import { accounts, sessionFamilies } from '../../db/schema.js';
import type { Tx } from '../../db/tenancy.js';
import type { AccessClaims } from '../../lib/crypto.js';
import { registerCall } from '../../lib/http.js';
import { HttpProblem } from '../../lib/problems.js';
import { exportTable, type ExportSlots } from '../../lib/table-export.js';
import { queryRows } from '../../lib/tables.js';
import { accessLogScope, accessLogTable } from './access-log.table.js';

/** Whether this session may read the log: its account has two-factor login and the session began with it. */
export async function accessLogAccess(tx: Tx, claims: AccessClaims): Promise<AccessLogAccess> {
  const [row] = await tx
    .select({ totpEnabled: accounts.totpEnabled, secondFactor: sessionFamilies.secondFactor })
    .from(sessionFamilies)
    .innerJoin(accounts, and(eq(accounts.clientId, sessionFamilies.clientId), eq(accounts.id, sessionFamilies.accountId)))
    .where(and(eq(sessionFamilies.clientId, claims.clientId), eq(sessionFamilies.id, claims.familyId)));
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

/**
 * Inzage logboek (issue 14): for a customer's administrators, in a session that logged in with two-factor
 * login; every read and export of the log is itself in the log.
 */
export function registerAccessLogRoutes(app: FastifyInstance, deps: { clock: () => Date; exportSlots: ExportSlots }) {
  const adminOnly = { tenant: true, administratorOnly: true } as const;
  registerCall(app, accessLogCalls.getAccess, ({ tx, claims }) => accessLogAccess(tx, claims), { tenant: 'reads', administratorOnly: true });

  registerCall(
    app,
    accessLogCalls.getAccessLogTable,
    async ({ body, tx, claims, audit }) => {
      await requireAccess(tx, claims);
      const filters = filtersOf(body);
      const page = await queryRows(tx, accessLogTable, accessLogScope(claims.clientId, filters), body);
      await audit({ action: 'AccessLogRead', objectType: 'AccessLog', details: { filters, page: body.page ?? 1 } });
      return page;
    },
    adminOnly,
  );

  registerCall(
    app,
    accessLogCalls.exportAccessLog,
    async ({ body, tx, claims, audit, reply }) => {
      await requireAccess(tx, claims);
      const filters = filtersOf(body);
      const release = deps.exportSlots.take(claims.clientId, claims.accountId);
      try {
        const outcome = await exportTable(
          tx,
          reply,
          {
            table: accessLogTable,
            scope: accessLogScope(claims.clientId, filters),
            columns: exportColumns.accessLog as readonly ExportColumn<AccessLogRow>[],
            title: exportNames.accessLog.sheet,
            fileName: exportNames.accessLog.file,
          },
          { format: body.format },
          deps.clock(),
          release,
        );
        await audit({
          action: 'AccessLogExport',
          objectType: 'AccessLog',
          details: { filters, format: body.format, rows: outcome.rows, total: outcome.total, completed: outcome.completed },
        });
        return { streamed: true, completed: outcome.completed } as const;
      } finally {
        release();
      }
    },
    adminOnly,
  );
}

