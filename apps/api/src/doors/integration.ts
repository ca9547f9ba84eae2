import type { FastifyInstance, FastifyRequest } from 'fastify';
import { integrationScope, type IntegrationScope } from '@portal/contract';
import type { Db } from '../db/database.js';
import { writeAudit, type AuditEntry } from '../lib/audit.js';
import { Door, type DoorKind } from '../lib/door.js';
import { unhurried, type RefusalTrail } from '../lib/refusals.js';
import { runUnitOfWork, type UnitParts } from '../lib/unit-of-work.js';
import { callerOf, integrationClientOf, permitScopes } from '../modules/integration/integration-guard.js';
import type { IntegrationClaims, IntegrationTokens } from '../modules/integration/integration-tokens.js';
import { forCustomer, readIntegration, withIntegration, type IntegrationTx } from '../modules/integration/integration-tx.js';

/** What a call of a provider's system reads in: one transaction of the integration role, for the client calling. */
export interface IntegrationReading {
  /** the call's transaction, as portal_integration (decision 0021) */
  tx: IntegrationTx;
  /** the client calling, as its token says */
  client: IntegrationClaims;
  /** lets the next statements see and write only this customer's rows (null: no customer's) */
  forCustomer: (customerId: string | null) => Promise<void>;
  /**
   * A 'Success' row of what the read showed (the patients a run's rejected rows name): a read-only transaction
   * cannot write it, so it is written once the read has answered, in a short transaction of its own.
   */
  audit: (record: IntegrationAuditRecord) => void;
}

/** What a call of a provider's system acts in: its reading's transaction, written, with its audit rows in it. */
export interface IntegrationWork extends Omit<IntegrationReading, 'audit'> {
  /** an audit row of the call, from its address, kept or rolled back with the act (`.onRefusal` as every door's) */
  audit: UnitParts<IntegrationAuditRecord>['audit'];
  /** a mail in the outbox, kept or rolled back with the act (an answer written back goes to the customer) */
  mail: UnitParts<IntegrationAuditRecord>['mail'];
}

type IntegrationAuditRecord = Omit<AuditEntry, 'address' | 'outcome'>;

export interface IntegrationDoorDeps {
  db: Db;
  tokens: IntegrationTokens;
  /** wakes the mail outbox's sender after a commit that queued mail */
  mailQueued: () => void;
}

export type IntegrationDoor = Door<IntegrationScope, IntegrationClaims, IntegrationWork, IntegrationReading>;

const readingOf = (tx: IntegrationTx, client: IntegrationClaims): Omit<IntegrationReading, 'audit'> => ({
  tx,
  client,
  forCustomer: (customerId) => forCustomer(tx, customerId),
});

/** One transaction of the integration role as a call's unit of work: the doors' one (runUnitOfWork). */
function integrationWork<T>(deps: IntegrationDoorDeps, request: FastifyRequest, client: IntegrationClaims, act: (work: IntegrationWork) => Promise<T>): Promise<T> {
  return runUnitOfWork<IntegrationTx, IntegrationAuditRecord, T>(
    {
      open: (fn) => withIntegration(deps.db, fn),
      write: (tx, entry, outcome) => writeAudit(tx, { integrationClientId: client.integrationClientId, ...entry, outcome, address: request.ip }),
      mailQueued: deps.mailQueued,
    },
    (tx, { audit, mail }) => act({ ...readingOf(tx, client), audit, mail }),
  );
}

/**
 * The provider's systems' door, `/api/integration/v1/…`: an OAuth client-credentials token of this door, its
 * client live and of the token's secret generation; a call's roles are the OAuth scopes it needs (a kind's
 * calls: the kind; the runs: none). Its scope hands bodies to the calls unparsed: a batch streams to the engine
 * row by row, and no body limit of a parsed body applies.
 */
export function integrationDoor(scope: FastifyInstance, deps: IntegrationDoorDeps): IntegrationDoor {
  const kind: DoorKind<IntegrationScope, IntegrationClaims, IntegrationWork, IntegrationReading> = {
    name: 'integration',
    rolesOf: (call) => (call.roles ?? []).filter((role): role is IntegrationScope => integrationScope.safeParse(role).success),
    admit: (request) => integrationClientOf(request, deps),
    permit: permitScopes,
    act: (request, client, act) => integrationWork(deps, request, client, act),
    read: async (request, client, read) => {
      const records: IntegrationAuditRecord[] = [];
      const answer = await readIntegration(deps.db, (tx) => read({ ...readingOf(tx, client), audit: (record) => records.push(record) }));
      if (records.length) {
        await withIntegration(deps.db, async (tx) => {
          for (const record of records) {
            // The integration role writes a customer's row only once it has named that customer.
            await forCustomer(tx, record.customerId ?? null);
            await writeAudit(tx, { integrationClientId: client.integrationClientId, ...record, outcome: 'Success', address: request.ip });
          }
        });
      }
      return answer;
    },
    // Its batches' Idempotency-Keys are kept with the portal's, as the client's own.
    keyOwner: (client) => ({ kind: 'integration', integrationClientId: client.integrationClientId, transaction: (fn) => withIntegration(deps.db, fn) }),
  };
  return new Door(scope, kind);
}

/**
 * What every call of the door shares, answered or refused: an audit row naming the client (when its token was
 * valid), the call, its status and address; and its own document (the portal's leaves the door out). A refusal of
 * a caller no token named (a forged or expired token, a wrong secret) counts against its address's bound of refusal
 * rows (decision 0066), as on the other doors; a known client keeps a row of each call.
 */
function auditEveryCall(scope: FastifyInstance, deps: { db: Db; refusals: RefusalTrail }) {
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  // Before the answer leaves (onSend), so that the trail has the call once the client has the answer.
  scope.addHook('onSend', async (request, reply, payload) => {
    const caller = callerOf.get(request) ?? null;
    const entry: AuditEntry = {
      action: 'Integration.Call',
      integrationClientId: caller,
      outcome: reply.statusCode < 400 ? 'Success' : 'Failure',
      objectType: caller ? 'IntegrationClient' : null,
      objectId: caller,
      address: request.ip,
      details: { method: request.method, route: request.routeOptions.url ?? null, status: reply.statusCode },
    };
    if (!caller && entry.outcome === 'Failure') {
      await deps.refusals.write(request, entry, (row) => withIntegration(deps.db, (tx) => unhurried(tx).then(() => writeAudit(tx, row))));
    } else {
      await withIntegration(deps.db, (tx) => writeAudit(tx, entry)).catch((error: unknown) => request.log.error({ err: error }, 'integration call not audited'));
    }
    return payload;
  });
}

/**
 * Opens the door in scopes of its own: the token endpoint's parses a form (RFC 6749 §4.4.2), the door's own hands
 * every body over unparsed. `declare` registers the calls.
 */
export function openIntegrationDoor(
  app: FastifyInstance,
  deps: IntegrationDoorDeps & { refusals: RefusalTrail },
  declare: (door: IntegrationDoor, tokenScope: FastifyInstance) => void,
): { calls: () => IntegrationDoor['calls'] } {
  let door: IntegrationDoor | null = null;
  void app.register(async (tokenScope) => {
    auditEveryCall(tokenScope, deps);
    tokenScope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    await tokenScope.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      door = integrationDoor(scope, deps);
      declare(door, tokenScope);
    });
  });
  return { calls: () => door?.calls ?? [] };
}
