import { z } from 'zod';
import { controller } from '../define.js';
import { administratorsOnly } from '../enums.js';
import { filterText, optionalIsoDate } from '../fields.js';
import { validation as v } from '../messages.js';
import { tableRequest, tableResponse } from '../table.js';

/*
 * Not in the spec (issue 14, point 4): Inzage logboek, the access log of NEN 7513 for a customer's
 * administrators: who of their own staff looked up or sent data of which patient, when and from where. Kept
 * apart from `calls` like the other additions; a server without it answers 404.
 */

/** The acts the access log shows: those that read, send or carry data of patients, and reading the log itself. */
export const accessLogActions = [
  'PatientSearch',
  'FormSubmission',
  'FileUpload',
  'InvoiceDownload',
  'TableExport',
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
  AccessLogRead: 'Logboek ingezien',
  AccessLogExport: 'Logboek geëxporteerd',
};

export const accessLogActionText = (action: string) => (accessLogActionLabels as Record<string, string>)[action] ?? action;

export const accessLogColumns = ['at'] as const;
export const accessLogTableDefaults = { sortBy: 'at', descending: true, rowsPerPage: 50 } as const;

/** The log's filters; each narrows, all empty shows everything. The period is in Dutch days, both ends included. */
export const accessLogFilters = z.strictObject({
  /** a patient's name (contains) or birth date (dd-mm-jjjj) */
  patient: filterText(),
  /** a staff member's name or e-mail address, contains */
  staffMember: filterText(),
  action: z.enum(accessLogActions, { error: v.invalidValue }).nullish(),
  from: optionalIsoDate(),
  until: optionalIsoDate(),
});
export type AccessLogFilters = z.input<typeof accessLogFilters>;

export const accessLogRow = z.object({
  id: z.int(),
  at: z.iso.datetime({ offset: true, local: true }),
  /** the staff member's name; null for an account since removed */
  staffName: z.string().nullable(),
  staffEmailAddress: z.string().nullable(),
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
