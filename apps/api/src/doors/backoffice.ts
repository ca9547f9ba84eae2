import type { FastifyInstance } from 'fastify';
import type { ReplyAddresses } from '../modules/inbox/reply-addresses.js';
import { backofficeAuthCalls, staffRoles, type CallDefinition, type DeploymentProfileName, type StaffRole } from '@portal/contract';
import type { Db } from '../db/database.js';
import { writeAudit } from '../lib/audit.js';
import { Door, type DoorKind } from '../lib/door.js';
import { unhurried, unhurriedTransaction, type RefusalTrail } from '../lib/refusals.js';
import type { StaffAccountService } from '../modules/backoffice/staff-accounts.js';
import type { StaffTokens } from '../modules/backoffice/staff-tokens.js';
import { permitStaff, staffOf, type StaffPrincipal, type StaffReading, type StaffUnitOfWork, type StaffWork } from '../modules/backoffice/staff-work.js';
import { withStaff } from '../modules/backoffice/staff-tx.js';

export type BackofficeDoor = Door<StaffRole, StaffPrincipal, StaffUnitOfWork, StaffReading>;

/** What the back-office's parts are given beside their door. */
export interface BackofficeDeps {
  db: Db;
  /** where reports and the audit log read (decision 0093): a streaming replica's pool, or `db` */
  readDb: Db;
  jwtSecret: string;
  totpKey: Buffer;
  publicUrl: string;
  /** the inbox items' reply addresses (their mails' Reply-To) */
  replyAddresses: ReplyAddresses;
  addressLimit: number;
  mailQueued: () => void;
  serviceMailAddress: string;
  qualityMailAddress: string;
  clock: () => Date;
  /** the deployment's profile: the site of a customer without one of its own */
  defaultProfile: DeploymentProfileName;
  /** keeps the rows of refused calls within bounds, the portal's and the back-office's together */
  refusals: RefusalTrail;
}

/** A part of the back-office (inbox, content, customers, audit log) declaring its calls on the door. */
export type BackofficeModule = (door: BackofficeDoor, deps: BackofficeDeps) => void;

/** The calls a session still setting up its two-factor login may make: nothing else opens before it is done. */
const setupStageCalls: ReadonlySet<CallDefinition> = new Set([backofficeAuthCalls.logout, backofficeAuthCalls.totpSetup, backofficeAuthCalls.totpEnable]);

const isStaffRole = (role: string): role is StaffRole => (staffRoles as readonly string[]).includes(role);

/**
 * The provider's staff's door, `/api/backoffice/<Controller>/<Action>` (decision 0023): the bearer token of audience
 * `backoffice`, its session live, its account active and its role as they are now, two-factor login set up (but
 * for the set-up's own calls); a call acts in one transaction of the staff role, which reads across customers and
 * writes one customer's rows once it has named that customer. A read is a transaction of the staff role too; a
 * report or the audit log reads in a read-only one on the read pool (decision 0093). A refusal's row names the
 * staff member once the token told, written in the staff role (the only one that may read whom it names).
 */
export function backofficeDoor(
  scope: FastifyInstance,
  deps: { db: Db; tokens: StaffTokens; accounts: StaffAccountService; work: StaffWork; refusals: RefusalTrail },
): BackofficeDoor {
  const kind: DoorKind<StaffRole, StaffPrincipal, StaffUnitOfWork, StaffReading> = {
    name: 'backoffice',
    rolesOf: (call) => (call.roles ?? staffRoles).filter(isStaffRole),
    admit: (request, call) => staffOf(deps, request, { setupStage: setupStageCalls.has(call) }),
    permit: permitStaff,
    act: (request, principal, act) => deps.work.run(request, principal, act),
    read: (request, principal, read) => deps.work.run(request, principal, read),
    report: (request, principal, read) => deps.work.report(request, principal, read),
    refusals: {
      trail: deps.refusals,
      write: (entry, principal) =>
        principal
          ? withStaff(deps.db, { staffId: principal.staff.id, role: principal.role }, (tx) =>
              unhurried(tx).then(() => writeAudit(tx, { ...entry, staffId: principal.staff.id })),
            )
          : unhurriedTransaction(deps.db, (tx) => writeAudit(tx, entry)),
    },
  };
  return new Door(scope, kind);
}
