import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { isPooled, withTenant } from '../db/tenancy.js';
import type { AuditActorKind, AuditPatient } from '../db/schema.js';

export type { AuditPatient };

export type AuditAction =
  | 'Login'
  | 'LoginTotp'
  | 'Logout'
  | 'TokenRefresh'
  | 'TokenReuseDetected'
  | 'PasswordChange'
  | 'PasswordResetRequest'
  | 'PasswordReset'
  | 'AccountActivation'
  | 'TotpSetup'
  | 'TotpEnable'
  | 'TotpDisable'
  | (string & {});

export interface AuditEntry {
  action: AuditAction;
  outcome: 'Success' | 'Failure';
  /** Who acted: at most one of the three; none means the system itself. */
  accountId?: number | null;
  staffId?: number | null;
  integrationClientId?: string | null;
  customerId?: string | null;
  objectType?: string | null;
  objectId?: string | null;
  objectReference?: string | null;
  /** Patients still present: the row snapshots them as they are at the moment of writing. */
  patientIds?: number[] | null;
  /** Patients given explicitly: about to be deleted, or known only by the provider's key. */
  patients?: AuditPatient[] | null;
  address?: string | null;
  details?: Record<string, unknown> | null;
}

const fullName = (alias: string, middle: string) =>
  sql.raw(`concat_ws(' ', ${alias}.first_name, nullif(${alias}.${middle}, ''), ${alias}.last_name)`);

/**
 * The actor as the row keeps it, read from the one table of its kind: a door's role may read its own actors'
 * table only (the customer's role has no grant on staff or integration clients, so naming them would fail).
 */
function actorOf(entry: AuditEntry): { kind: AuditActorKind; id: string | null; lookup: SQL } {
  const none = sql`select null::text as name, null::text as email, null::text as role, null::uuid as customer_id`;
  if (entry.staffId != null) {
    return {
      kind: 'Staff',
      id: String(entry.staffId),
      lookup: sql`select ${fullName('s', 'middle_name')} as name, s.email_address as email, s.role, null::uuid as customer_id
        from staff_accounts s where s.id = ${entry.staffId}`,
    };
  }
  if (entry.accountId != null) {
    return {
      kind: 'Account',
      id: String(entry.accountId),
      lookup: sql`select ${fullName('acc', 'middle_name')} as name, acc.email_address as email, acc.pharmacist_type as role, acc.client_id as customer_id
        from accounts acc where acc.id = ${entry.accountId} and (${entry.customerId ?? null}::uuid is null or acc.client_id = ${entry.customerId ?? null}::uuid)`,
    };
  }
  if (entry.integrationClientId != null) {
    return {
      kind: 'Integration',
      id: entry.integrationClientId,
      lookup: sql`select ic.name, null::text as email, null::text as role, null::uuid as customer_id
        from integration_clients ic where ic.id::text = ${entry.integrationClientId}`,
    };
  }
  return { kind: 'System', id: null, lookup: none };
}

/**
 * The row as one INSERT … SELECT: the actor, the customer acted for and the patients are read and kept in the same
 * statement, so the row holds what was true as it was written, and no later change or delete alters what it says.
 * A patient asked for but not visible (gone, or another customer's) keeps its id and nothing more.
 */
function auditInsert(entry: AuditEntry): SQL {
  const actor = actorOf(entry);
  const customerId = entry.customerId ?? null;
  const explicit = entry.patients?.length ? entry.patients : null;
  // An empty list says the act showed no patient (a search that found none); no list says it is not about patients.
  const ids =
    entry.patientIds == null && !explicit ? null : [...new Set([...(entry.patientIds ?? []), ...(explicit ?? []).flatMap((p) => (p.id === null ? [] : [p.id]))])];
  const byId = (entry.patientIds ?? []).filter((id) => !explicit?.some((p) => p.id === id));
  return sql`insert into audit_log (action, outcome, account_id, staff_id, client_id, object_type, object_id, object_reference,
      patient_ids, address, details, actor_kind, actor_id, actor_name, actor_email, actor_role,
      actor_customer_id, actor_customer_code, actor_customer_name, patients)
    select ${entry.action}, ${entry.outcome}, ${entry.accountId ?? null}::int, ${entry.staffId ?? null}::int, ${customerId}::uuid,
      ${entry.objectType ?? null}, ${entry.objectId ?? null}, ${entry.objectReference ?? null},
      ${ids === null ? sql`null` : sql`${sql.param(ids)}::int[]`}, ${entry.address ?? null}::inet,
      ${entry.details ? JSON.stringify(entry.details) : null}::jsonb,
      ${actor.kind}, ${actor.id}, actor.name, actor.email, actor.role, acting.id, acting.client_code, acting.name,
      nullif(coalesce(${explicit ? JSON.stringify(explicit) : null}::jsonb, '[]'::jsonb) || coalesce(seen.patients, '[]'::jsonb), '[]'::jsonb)
    from (select 1) one
    left join lateral (${actor.lookup}) actor on true
    left join clients acting on acting.id = coalesce(actor.customer_id, ${customerId}::uuid)
    left join lateral (
      select jsonb_agg(jsonb_build_object('id', ids.id, 'key', p.external_key,
          'name', case when p.id is not null then ${fullName('p', 'name_prefix')} end, 'birthDate', p.birth_date) order by ids.id) as patients
        from unnest(${sql.param(byId)}::int[]) as ids(id)
        left join patients p on p.id = ids.id and (${customerId}::uuid is null or p.client_id = ${customerId}::uuid)
    ) seen on true`;
}

/**
 * One append-only audit row (NEN 7513: when, what, outcome, who on behalf of which customer, which patient
 * or object, from where), the only way a row is written. Written inside the transaction of the act itself where
 * there is one, so the act and its trace stand or fall together.
 */
export async function writeAudit(db: Pick<Db, 'execute'>, entry: AuditEntry): Promise<void> {
  // Row-level security lets the app write a customer's audit row only in that customer's transaction: a row
  // written outside one (a refused upload, a download not found) gets a transaction of its own.
  if (entry.customerId && isPooled(db)) {
    const customerId = entry.customerId;
    await withTenant(db, customerId, (tx) => writeAudit(tx, entry));
    return;
  }
  await db.execute(auditInsert(entry));
}
