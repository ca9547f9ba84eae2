import { sql, type SQL } from 'drizzle-orm';
import {
  accessLogActions,
  accessLogPatientText,
  accessLogTableDefaults,
  exportNames,
  inboxKindText,
  submissionReference,
  type AccessLogFilters,
  type AccessLogRow,
  type ExportTable,
} from '@portal/contract';
import type { AuditPatient } from '../../lib/audit.js';
import { monthLabel } from '../../lib/dutch-format.js';
import { containsPattern, type ScopedTableDefinition } from '../../lib/tables.js';

/** Who acted, as the row holds it; the provider's acts are also found by the provider's name. */
const actorText = sql`coalesce(a.actor_name, '') || ' ' || coalesce(a.actor_email, '') || ' ' || coalesce(a.actor_role, '')
  || case when a.actor_kind in ('Staff', 'Integration') then ' Spits Medicatie' else '' end`;

type Details = Record<string, unknown> | null;
const textOf = (value: unknown) => (typeof value === 'string' ? value : null);

/** What an act concerned, in Dutch, from its audit row's details. */
export function describe(action: string, objectId: string | null, at: string, details: Details): string | null {
  const d = details ?? {};
  switch (action) {
    case 'PatientSearch':
      return `Gezocht op ‘${textOf(d.query) ?? ''}’ (${typeof d.results === 'number' ? d.results : 0} gevonden)`;
    case 'FormSubmission': {
      const kind = textOf(d.kind);
      if (!kind) return null;
      return objectId && /^\d+$/.test(objectId) ? `${inboxKindText(kind)}, ${submissionReference(kind, Number(objectId), at)}` : inboxKindText(kind);
    }
    case 'FileUpload': {
      const what = d.purpose === 'Photo' ? 'Foto' : d.purpose === 'RollFile' ? 'Rolbestand' : 'Bestand';
      return typeof d.size === 'number' ? `${what} (${Math.max(1, Math.round(d.size / 1024))} kB)` : what;
    }
    case 'InvoiceDownload': {
      const month = textOf(d.processedMonth);
      return month ? `Factuur ${monthLabel(month)}${textOf(d.fileType) ? ` (${textOf(d.fileType)})` : ''}` : null;
    }
    case 'TableExport': {
      const table = exportNames[objectId as ExportTable]?.sheet ?? objectId ?? '';
      const rows = typeof d.rows === 'number' ? `, ${d.rows} ${d.rows === 1 ? 'rij' : 'rijen'}` : '';
      return `${table} als ${d.format === 'Xlsx' ? 'Excel' : 'CSV'}${rows}${d.completed === false ? ', afgebroken' : ''}`;
    }
    case 'AccessLogRead':
    case 'AccessLogExport': {
      const filters = (d.filters ?? {}) as Record<string, unknown>;
      const used = Object.entries(filters).filter(([, value]) => value !== null && value !== undefined && value !== '');
      return used.length ? `Filters: ${used.map(([key, value]) => `${key} ${String(value)}`).join(', ')}` : null;
    }
    default:
      return null;
  }
}

/**
 * The access log of a customer's administrators (issues 14 and 28, NEN 7513): the audit rows of the customer's own
 * accounts that read, sent or carried patient data, and of the provider's staff and systems that touched the
 * customer's patients, newest first, each as it was written (a patient or account deleted since is still named).
 * Row-level security shows the app role its own customer's rows only; `scope` (accessLogScope) narrows further.
 */
export const accessLogTable: ScopedTableDefinition<'at', AccessLogRow> = {
  sortColumns: { at: sql`a.at` },
  defaults: accessLogTableDefaults,
  tieBreaker: sql`a.id`,
  from: sql`audit_log a`,
  search: (pattern) => sql`portal_fold(${actorText}) like ${pattern}`,
  select: sql`a.id, a.at, a.actor_kind, a.actor_name, a.actor_email, a.actor_role, a.action, a.outcome, a.object_id,
    host(a.address) as address, a.details, a.patients`,
  toRow: (r) => {
    const at = new Date(r.at as string | Date).toISOString();
    const action = String(r.action);
    const actorKind = r.actor_kind as AccessLogRow['actorKind'];
    return {
      id: Number(r.id),
      at,
      actorKind,
      staffName: (r.actor_name as string | null) ?? null,
      // The provider's staff are named to the customer by name and role, not by their mailbox.
      staffEmailAddress: actorKind === 'Account' ? ((r.actor_email as string | null) ?? null) : null,
      staffRole: actorKind === 'Staff' ? ((r.actor_role as string | null) ?? null) : null,
      action,
      outcome: String(r.outcome),
      patients: ((r.patients as AuditPatient[] | null) ?? []).map(accessLogPatientText),
      description: describe(action, (r.object_id as string | null) ?? null, at, (r.details as Details) ?? null),
      address: (r.address as string | null) ?? null,
    };
  },
};

/** 'dd-mm-jjjj' as an ISO date, when it is a day of the calendar. */
function calendarDate(text: string): string | null {
  const match = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date.toISOString().slice(0, 10) : null;
}

/** The acts on the customer's patient data, its own staff's and the provider's, narrowed by the filters (the period in Dutch days). */
export function accessLogScope(customerId: string, filters: AccessLogFilters): SQL {
  const parts: SQL[] = [
    sql`a.client_id = ${customerId}`,
    sql`((a.actor_kind = 'Account' and a.action = any(${sql.param([...accessLogActions])}::text[]))
      or (a.actor_kind in ('Staff', 'Integration') and jsonb_array_length(coalesce(a.patients, '[]')) > 0))`,
  ];
  const patient = filters.patient?.trim();
  if (patient) {
    const birthDate = calendarDate(patient);
    const byBirthDate = birthDate ? sql`p->>'birthDate' = ${birthDate}` : sql`false`;
    parts.push(sql`exists (select 1 from jsonb_array_elements(a.patients) p
      where portal_fold(p->>'name') like ${containsPattern(patient)} or ${byBirthDate})`);
  }
  const staff = filters.staffMember?.trim();
  if (staff) parts.push(accessLogTable.search(containsPattern(staff), staff));
  if (filters.action) parts.push(sql`a.action = ${filters.action}`);
  if (filters.from) parts.push(sql`a.at >= (${filters.from}::date)::timestamp at time zone 'Europe/Amsterdam'`);
  if (filters.until) parts.push(sql`a.at < (${filters.until}::date + 1)::timestamp at time zone 'Europe/Amsterdam'`);
  return sql.join(parts, sql` and `);
}

