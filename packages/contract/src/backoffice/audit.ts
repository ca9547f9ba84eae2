import { z } from 'zod';
import { staffController } from './staff-controller.js';
import { filterText, optionalIsoDate } from '../fields.js';
import { validation as v } from '../messages.js';
import { tableRequest, tableResponse } from '../table.js';

/** Who acted, as the audit viewer names it: a customer's account, the provider's staff, a system of the provider, or the portal itself. */
export const auditActorKinds = ['Customer', 'Staff', 'Integration', 'System'] as const;
export const auditActorKindLabels: Record<(typeof auditActorKinds)[number], string> = {
  Customer: 'Klant',
  Staff: 'Medewerker Mijn Spits',
  Integration: 'Koppeling',
  System: 'Systeem',
};
export const auditOutcomeLabels: Record<string, string> = { Success: 'Gelukt', Failure: 'Mislukt' };

export const auditColumns = ['at', 'action', 'outcome'] as const;
export type AuditColumn = (typeof auditColumns)[number];
export const auditTableDefaults = { sortBy: 'at', descending: true, rowsPerPage: 50 } as const satisfies {
  sortBy: AuditColumn;
  descending: boolean;
  rowsPerPage: number;
};

/** The audit viewer's filters (each narrows; all empty: everything). */
export const auditFilters = z.strictObject({
  /** customer code or name, contains */
  customer: filterText(),
  /** patient name (contains) or patient number */
  patient: filterText(),
  actorKind: z.enum(auditActorKinds, { error: v.invalidValue }).nullish(),
  /** name or e-mail address of whoever acted, contains */
  actor: filterText(),
  /** an action's code (exactly, as the screen's choices give it), or a part of its code or of its Dutch phrase */
  action: filterText(),
  from: optionalIsoDate(),
  until: optionalIsoDate(),
});
export type AuditFilters = z.input<typeof auditFilters>;

export const auditRow = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  outcome: z.string(),
  actorKind: z.enum(auditActorKinds),
  actorName: z.string().nullable(),
  /** a customer's account type or a staff member's role, as the row kept it */
  actorRole: z.string().nullable(),
  customerCode: z.string().nullable(),
  customerName: z.string().nullable(),
  patients: z.array(z.string()),
  objectType: z.string().nullable(),
  objectId: z.string().nullable(),
  /** how a person knows the object, where the row allows it: a customer's name and code, an item's reference, a file's name */
  objectName: z.string().nullable(),
  address: z.string().nullable(),
  details: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;

export const auditTableBody = tableRequest(auditColumns).extend(auditFilters.shape);
export type AuditTableBody = z.input<typeof auditTableBody>;

export const backofficeAuditCalls = staffController(
  'Audit',
  ['Beheerder'],
  {
    getTable: {
      method: 'POST',
      body: auditTableBody,
      response: tableResponse(auditRow),
      summary: 'The audit trail of every door, with filters (Beheerder); reading it is audited itself.',
    },
    export: {
      method: 'GET',
      query: auditFilters.extend({
        search: filterText(200),
        sortBy: z.enum(auditColumns, { error: v.invalidValue }).nullish(),
        descending: z.enum(['true', 'false'], { error: v.invalidValue }).nullish(),
      }),
      response: 'file',
      summary: 'The filtered audit trail as CSV (UTF-8 with BOM, semicolons), streamed (Beheerder); audited.',
    },
  },
);
