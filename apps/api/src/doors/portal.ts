import type { FastifyInstance } from 'fastify';
import { pharmacistType, type PharmacistType } from '@portal/contract';
import type { Db } from '../db/database.js';
import { withTenant } from '../db/tenancy.js';
import { writeAudit } from '../lib/audit.js';
import { Door, type DoorKind } from '../lib/door.js';
import type { AccessClaims } from '../lib/crypto.js';
import { authOf } from '../lib/auth-guard.js';
import { forbidden } from '../lib/problems.js';
import { unhurried, unhurriedTransaction, type RefusalTrail } from '../lib/refusals.js';
import type { TenantReading, UnitOfWork } from '../lib/unit-of-work.js';

/** The roles of a customer's accounts: an Administrator may do all an Employee may, and manage the staff. */
export type PortalRole = PharmacistType;

/** Every account of the customer: a call the contract declares without roles. */
const anyAccount: readonly PortalRole[] = pharmacistType.options;

export type PortalDoor = Door<PortalRole, AccessClaims, UnitOfWork, TenantReading>;

/**
 * The customers' door, `/api/portal/<Controller>/<Action>` (the spec's calls): the bearer token of audience
 * `portal`, its session live and its account active, the account's type as it is now; a call acts in one
 * transaction as the customer (row-level security), or reads, each statement read-only for the customer. A
 * refusal's row names the account and its customer once the token told them.
 */
export function portalDoor(app: FastifyInstance, deps: { db: Db; refusals: RefusalTrail }): PortalDoor {
  const kind: DoorKind<PortalRole, AccessClaims, UnitOfWork, TenantReading> = {
    name: 'portal',
    rolesOf: (call) => (call.roles ?? anyAccount).filter((role): role is PortalRole => pharmacistType.safeParse(role).success),
    admit: async (request) => {
      await app.requireAuth(request);
      return authOf(request);
    },
    permit: (claims, roles) => {
      if (!roles.includes(claims.isAdministrator ? 'Administrator' : 'Employee')) throw forbidden();
    },
    act: (request, _claims, act) => app.tenantWork.run(request, act),
    read: (request, _claims, read) => app.tenantWork.read(request, read),
    report: (request, _claims, read) => app.tenantWork.report(request, read),
    refusals: {
      trail: deps.refusals,
      write: (entry, claims) =>
        claims
          ? withTenant(deps.db, claims.customerId, (tx) => unhurried(tx).then(() => writeAudit(tx, { ...entry, accountId: claims.accountId, customerId: claims.customerId })))
          : unhurriedTransaction(deps.db, (tx) => writeAudit(tx, entry)),
    },
  };
  return new Door(app, kind);
}
