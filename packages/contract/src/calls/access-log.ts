import { z } from 'zod';
import { controller } from '../define.js';
import { administratorsOnly } from '../enums.js';
import { filterText, optionalIsoDate } from '../fields.js';
import { validation as v } from '../messages.js';
import { tableRequest, tableResponse } from '../table.js';

/*
 * Not in the spec (issue 14, point 4; issue 28, point 4): Inzage logboek, the access log of NEN 7513 for a
 * customer's administrators: who of their own staff, and who of the provider (its staff, its systems), looked up,
 * sent or wrote data of which of their patients, when and from where. Kept apart from `calls` like the other
 * additions; a server without it answers 404.
 */

/** The acts the access log shows: those that read, send or carry data of patients, and reading the log itself. */
export const accessLogActions = [
  'PatientSearch',
  'FormSubmission',
  'FileUpload',
  'InvoiceDownload',
  'TableExport',
  'MyRequestsRead',
  'UploadAttached',
  'AccessLogRead',
  'AccessLogExport',
] as const;
export type AccessLogAction = (typeof accessLogActions)[number];

export const accessLogActionLabels: Record<AccessLogAction, string> = {
  PatientSearch: 'Patiënt gezocht',
  FormSubmission: 'Formulier verstuurd',
  FileUpload: 'Bestand geüpload',
  InvoiceDownload: 'Factuur gedownload',
  TableExport: 'Tabel geëxporteerd',
  MyRequestsRead: 'Aanvragen bekeken',
  UploadAttached: 'Bestand bij formulier gevoegd',
  AccessLogRead: 'Logboek ingezien',
  AccessLogExport: 'Logboek geëxporteerd',
};

/** The provider's acts on the customer's patients, as the customer reads them. */
const providerActionLabels: Record<string, string> = {
  'Backoffice.InboxList': 'Aanvragen bekeken',
  'Backoffice.InboxRead': 'Aanvraag bekeken',
  'Backoffice.InboxFile': 'Bijlage geopend',
  'Backoffice.InboxStatus': 'Status gewijzigd',
  'Backoffice.InboxAssign': 'Aanvraag toegewezen',
  'Backoffice.InboxNote': 'Notitie toegevoegd',
  'Backoffice.InboxAnswer': 'Antwoord gegeven',
  'Backoffice.AuditRead': 'Logboek ingezien',
  'Backoffice.AuditExport': 'Logboek geëxporteerd',
  'Integration.Import': 'Gegevens ingelezen',
  'Integration.PatientsWritten': 'Patiëntgegevens bijgewerkt',
  'Integration.PatientsDeleted': 'Patiënt verwijderd',
  'Integration.RunRead': 'Importrun ingezien',
};

/** An act the tables above do not name yet still reads as an act of its door, never as a code. */
export const accessLogActionText = (action: string) =>
  (accessLogActionLabels as Record<string, string>)[action] ??
  providerActionLabels[action] ??
  (action.startsWith('Backoffice.') ? 'Handeling van een medewerker' : action.startsWith('Integration.') ? 'Handeling van een koppeling' : action);

/** Who acted: an account of the customer itself, a staff member of the provider, or one of the provider's systems. */
export const accessLogActorKinds = ['Account', 'Staff', 'Integration'] as const;
export type AccessLogActorKind = (typeof accessLogActorKinds)[number];

export const accessLogTexts = {
  providerStaff: 'Medewerker van Spits Medicatie',
  providerIntegration: 'Koppeling van Spits Medicatie',
  removedAccount: 'Verwijderd account',
  patient: 'Patiënt',
  intro:
    'Wie gegevens van welke patiënt heeft opgezocht, verstuurd, geëxporteerd of bijgewerkt, wanneer en vanaf welk adres: de medewerkers van uw organisatie, en ook de medewerkers en koppelingen van Spits Medicatie die uw patiënten inzien of bijwerken. Ook het bekijken van dit logboek wordt vastgelegd.',
} as const;

/** Who acted, in two parts: the first line of the cell (a name, or the provider), the second (e-mail, name or role). */
export function accessLogActor(row: Pick<AccessLogRow, 'actorKind' | 'staffName' | 'staffEmailAddress' | 'staffRole'>): { who: string; detail: string | null } {
  if (row.actorKind === 'Staff') return { who: accessLogTexts.providerStaff, detail: row.staffName ?? row.staffRole };
  if (row.actorKind === 'Integration') return { who: accessLogTexts.providerIntegration, detail: row.staffName };
  return { who: row.staffName ?? accessLogTexts.removedAccount, detail: row.staffEmailAddress };
}

/** 'Anna de Vries (14-02-1938)' as the act saw the patient; by the provider's key or number when no name was known. */
export function accessLogPatientText(patient: { id: number | null; key: string | null; name: string | null; birthDate: string | null }): string {
  if (!patient.name) return `${accessLogTexts.patient} ${patient.key ?? patient.id ?? ''}`.trim();
  const born = /^(\d{4})-(\d{2})-(\d{2})$/.exec(patient.birthDate ?? '');
  return born ? `${patient.name} (${born[3]}-${born[2]}-${born[1]})` : patient.name;
}

export const accessLogColumns = ['at'] as const;
export const accessLogTableDefaults = { sortBy: 'at', descending: true, rowsPerPage: 50 } as const;

/** The log's filters; each narrows, all empty shows everything. The period is in Dutch days, both ends included. */
export const accessLogFilters = z.strictObject({
  /** a patient's name (contains) or birth date (dd-mm-jjjj) */
  patient: filterText(),
  /** who acted: a name or e-mail address, contains ('Spits Medicatie' finds the provider's staff and systems) */
  staffMember: filterText(),
  action: z.enum(accessLogActions, { error: v.invalidValue }).nullish(),
  from: optionalIsoDate(),
  until: optionalIsoDate(),
});
export type AccessLogFilters = z.input<typeof accessLogFilters>;

export const accessLogRow = z.object({
  id: z.int(),
  /** to the millisecond, as the row was written */
  at: z.iso.datetime({ offset: true, local: true }),
  actorKind: z.enum(accessLogActorKinds),
  /** who acted, as named when the act was logged: the account's or staff member's name, or the system's */
  staffName: z.string().nullable(),
  /** an own account's e-mail address (the provider's staff go by name and role) */
  staffEmailAddress: z.string().nullable(),
  /** a staff member of the provider: the role, for when no name was known */
  staffRole: z.string().nullable(),
  action: z.string(),
  outcome: z.string(),
  /** 'Jan Jansen (01-05-1940)', the patients the act concerned */
  patients: z.array(z.string()),
  /** what was searched, sent or exported, in Dutch */
  description: z.string().nullable(),
  /** the address the act came from */
  address: z.string().nullable(),
});
export type AccessLogRow = z.infer<typeof accessLogRow>;

/** Whether this session may read the log: an administrator, logged in with two-factor login. */
export const accessLogAccess = z.object({
  allowed: z.boolean(),
  /** why not: two-factor login is off for the account, or on but this session logged in without it */
  reason: z.enum(['TwoFactorOff', 'SessionWithoutTwoFactor']).nullable(),
});
export type AccessLogAccess = z.infer<typeof accessLogAccess>;

export const accessLogTableBody = tableRequest(accessLogColumns).extend(accessLogFilters.shape);
export type AccessLogTableBody = z.input<typeof accessLogTableBody>;

export const accessLogExportBody = accessLogFilters.extend({ format: z.enum(['Csv', 'Xlsx'], { error: v.invalidValue }) });

export const accessLogCalls = controller('AccessLog', {
  getAccess: {
    method: 'GET',
    response: accessLogAccess,
    summary: 'Whether this session may read the access log (administrators, logged in with two-factor login).',
  },
  getAccessLogTable: {
    method: 'POST',
    body: accessLogTableBody,
    response: tableResponse(accessLogRow),
    summary: "One page of the access log of the own customer's staff, with filters; reading it is logged.",
  },
  exportAccessLog: {
    method: 'POST',
    body: accessLogExportBody,
    response: 'file',
    summary: 'The filtered access log as CSV or Excel, streamed; logged.',
  },
}, { roles: administratorsOnly });
