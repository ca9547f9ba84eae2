import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  validation,
  type addPharmacistRequest,
  type Pharmacist,
  type PharmacistTableColumn,
  type PharmacistType,
  type TableRequest,
  type TableResponse,
  type updatePharmacistRequest,
} from '@portal/contract';
import type { Tx } from '../../db/tenancy.js';
import { accounts } from '../../db/schema.js';
import type { AccessClaims } from '../../lib/crypto.js';
import { fieldErrors, forbidden, notFound } from '../../lib/problems.js';
import { queryTable } from '../../lib/tables.js';
import type { RefusalRecord, TenantReading, UnitOfWork } from '../../lib/unit-of-work.js';
import type { AuthService } from '../auth/auth.service.js';
import { pharmacistTable } from './pharmacists.table.js';
import { isUniqueViolation } from '../../lib/database-faults.js';

export type NewPharmacist = z.output<typeof addPharmacistRequest>;
export type PharmacistChange = z.output<typeof updatePharmacistRequest>;
type Account = typeof accounts.$inferSelect;

export interface PharmacistDeps {
  /** activation tokens and mails, and ending sessions: shared with the authentication calls */
  auth: Pick<AuthService, 'queueActivation' | 'endSessions'>;
}

const emailInUse = () => fieldErrors({ emailAddress: validation.emailAddressInUse });

/** A unique violation of the case-insensitive e-mail index: another account took the address meanwhile. */
const isEmailTaken = (error: unknown) => isUniqueViolation(error, 'accounts_email_lower');

function toPharmacist(a: Account): Pharmacist {
  return {
    accountId: a.id,
    emailAddress: a.emailAddress,
    firstName: a.firstName,
    middleName: a.middleName,
    lastName: a.lastName,
    pharmacistType: a.pharmacistType as PharmacistType,
    isActive: a.isActive,
    invited: a.passwordHash === null,
    totpEnabled: a.totpEnabled,
  };
}

const isActiveAdministrator = (a: Pick<Account, 'pharmacistType' | 'isActive'>) => a.isActive && a.pharmacistType === 'Administrator';

/**
 * The staff accounts of a customer, managed by its administrators: add (inactive, with an activation mail),
 * read, change and remove. The rules that keep a customer manageable are checked with the customer's
 * administrator rows locked, so that two administrators acting at once cannot both step down.
 */
export class PharmacistService {
  constructor(private readonly deps: PharmacistDeps) {}

  async add(work: UnitOfWork, input: NewPharmacist): Promise<void> {
    work.audit.onRefusal(refusal('PharmacistAdd', null));
    const account = await inviteAccount(work.tx, this.deps.auth, work.claims.customerId, input);
    await work.audit({
      action: 'PharmacistAdd',
      objectType: 'Account',
      objectId: String(account.id),
      details: { pharmacistType: account.pharmacistType },
    });
  }

  async getById({ tx, claims }: TenantReading, accountId: number): Promise<Pharmacist> {
    const [account] = await tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.customerId, claims.customerId), eq(accounts.id, accountId)));
    if (!account) throw notFound();
    return toPharmacist(account);
  }

  async table({ tx, claims }: TenantReading, request: TableRequest<PharmacistTableColumn>): Promise<TableResponse<Pharmacist>> {
    return queryTable(tx, pharmacistTable, claims.customerId, request);
  }

  async update({ tx, claims, audit }: UnitOfWork, input: PharmacistChange): Promise<void> {
    audit.onRefusal(refusal('PharmacistUpdate', input.accountId));
    const { administrators, target } = await lockForChange(tx, claims, input.accountId);
    const self = target.id === claims.accountId;
    const staysAdministrator = input.isActive && input.pharmacistType === 'Administrator';
    const errors: Record<string, string> = {};
    if (self && input.pharmacistType !== 'Administrator') errors.pharmacistType = validation.cannotDemoteSelf;
    if (self && !input.isActive) errors.isActive = validation.cannotDeactivateSelf;
    if (!self && isActiveAdministrator(target) && !staysAdministrator && !administrators.some((id) => id !== target.id)) {
      errors[input.isActive ? 'pharmacistType' : 'isActive'] = validation.lastAdministrator;
    }
    // Only the link in the activation mail makes an account active: it sets the password.
    if (input.isActive && !target.isActive && target.passwordHash === null) errors.isActive = validation.accountNotYetActivated;
    const emailChanged = input.emailAddress.toLowerCase() !== target.emailAddress.toLowerCase();
    if (emailChanged && (await emailTaken(tx, input.emailAddress, target))) {
      errors.emailAddress = validation.emailAddressInUse;
    }
    if (Object.keys(errors).length) throw fieldErrors(errors);
    mustStillAdminister(administrators, claims);

    const [updated] = await saving(
      tx
        .update(accounts)
        .set({
          emailAddress: input.emailAddress,
          firstName: input.firstName,
          middleName: input.middleName,
          lastName: input.lastName,
          pharmacistType: input.pharmacistType,
          isActive: input.isActive,
        })
        .where(and(eq(accounts.customerId, claims.customerId), eq(accounts.id, target.id)))
        .returning(),
    );
    if (!updated) throw notFound();

    if (emailChanged && updated.passwordHash === null) {
      // Not activated yet: the link goes to the new address, and the one sent to the old address stops working.
      await this.deps.auth.queueActivation(tx, updated);
    } else if (emailChanged) {
      // The login name changed: every session of the account ends (the own current one is kept).
      await this.deps.auth.endSessions(tx, claims.customerId, target.id, self ? claims.familyId : null, 'email-change');
    }
    if (target.isActive && !updated.isActive) {
      await this.deps.auth.endSessions(tx, claims.customerId, target.id, null, 'deactivated');
    }
    const changed = (['emailAddress', 'firstName', 'middleName', 'lastName', 'pharmacistType', 'isActive'] as const).filter(
      (field) => target[field] !== updated[field],
    );
    await audit({
      action: 'PharmacistUpdate',
      objectType: 'Account',
      objectId: String(target.id),
      details: { changed, pharmacistType: updated.pharmacistType, isActive: updated.isActive },
    });
  }

  /**
   * Removes an account for good. Its sessions and one-time tokens go with it (so its access tokens stop
   * working at once); its submissions and orders stay, with the name and address they were filed under.
   */
  async remove({ tx, claims, audit }: UnitOfWork, accountId: number): Promise<void> {
    audit.onRefusal(refusal('PharmacistDelete', accountId));
    const { administrators, target } = await lockForChange(tx, claims, accountId);
    if (target.id === claims.accountId) throw fieldErrors({ Id: validation.cannotDeleteSelf });
    if (isActiveAdministrator(target) && !administrators.some((id) => id !== target.id)) {
      throw fieldErrors({ Id: validation.lastAdministrator });
    }
    mustStillAdminister(administrators, claims);
    await tx.delete(accounts).where(and(eq(accounts.customerId, claims.customerId), eq(accounts.id, target.id)));
    await audit({
      action: 'PharmacistDelete',
      objectType: 'Account',
      objectId: String(target.id),
      details: { emailAddress: target.emailAddress, pharmacistType: target.pharmacistType },
    });
  }
}

/**
 * A refused change of accounts (a rule, another customer's id, an address in use) leaves its trace in the audit
 * trail, written after the change's transaction has been rolled back.
 */
export function refusal(
  action: 'PharmacistAdd' | 'PharmacistUpdate' | 'PharmacistDelete' | 'PharmacistInvitationResend' | 'PharmacistTotpReset',
  accountId: number | null,
): RefusalRecord {
  return (problem) => ({
    action,
    objectType: 'Account',
    objectId: accountId === null ? null : String(accountId),
    details: { status: problem.status, fields: Object.keys(problem.errors ?? {}) },
  });
}

/**
 * Locks the customer's active administrators (always in id order, so that concurrent changes queue instead
 * of deadlocking), then the account to change. A concurrent change that took an administrator's role
 * commits first, and the locked re-read no longer counts that account.
 */
async function lockForChange(tx: Tx, claims: AccessClaims, accountId: number) {
  const locked = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.customerId, claims.customerId), eq(accounts.pharmacistType, 'Administrator'), eq(accounts.isActive, true)))
    .orderBy(asc(accounts.id))
    .for('update');
  const target = await lockAccount(tx, claims.customerId, accountId);
  return { administrators: locked.map((row) => row.id), target };
}

/** One account of the customer, locked for a change; 404 when the customer has no such account. */
export async function lockAccount(tx: Tx, customerId: string, accountId: number) {
  const [target] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.customerId, customerId), eq(accounts.id, accountId)))
    .for('update');
  if (!target) throw notFound();
  return target;
}

/** The caller may have lost the role since the request's check (by a change committed meanwhile). */
function mustStillAdminister(administrators: number[], claims: AccessClaims) {
  if (!administrators.includes(claims.accountId)) throw forbidden();
}

/**
 * Adds an inactive account to a customer and queues its activation mail, in the caller's transaction: for an
 * administrator's AddPharmacist and for the provider's CLI invite alike. An address in use by any account
 * (compared without case) is a 400 on emailAddress.
 */
export async function inviteAccount(
  tx: Tx,
  auth: Pick<AuthService, 'queueActivation'>,
  customerId: string,
  input: NewPharmacist,
): Promise<Account> {
  if (await emailTaken(tx, input.emailAddress, null)) throw emailInUse();
  const [account] = await saving(
    tx
      .insert(accounts)
      .values({
        customerId,
        emailAddress: input.emailAddress,
        firstName: input.firstName,
        middleName: input.middleName,
        lastName: input.lastName,
        pharmacistType: input.pharmacistType,
        isActive: false,
      })
      .returning(),
  );
  if (!account) throw new Error('account not created');
  await auth.queueActivation(tx, account);
  return account;
}

/**
 * Whether an account other than `except` (of any customer) has this address, compared without
 * case. Row-level security hides other customers' accounts, so the narrow owner look-up answers it; what
 * it answers never leaves this function.
 */
async function emailTaken(tx: Tx, emailAddress: string, except: Pick<Account, 'customerId' | 'id'> | null): Promise<boolean> {
  const result = await tx.execute<{ client_id: string; account_id: number }>(
    sql`select client_id, account_id from auth_account_owner(${emailAddress})`,
  );
  return result.rows.some((row) => !except || row.client_id !== except.customerId || Number(row.account_id) !== except.id);
}

/** Runs an insert or update of an account, answering a 400 on emailAddress when the address was taken meanwhile. */
async function saving<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (error) {
    if (isEmailTaken(error)) throw emailInUse();
    throw error;
  }
}