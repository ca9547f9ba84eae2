import type { FastifyInstance } from 'fastify';
import { importKindNames, integrationCalls } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { openIntegrationDoor, type IntegrationDoor } from '../../doors/integration.js';
import type { RefusalTrail } from '../../lib/refusals.js';
import { IntegrationTokens, type TokenFailureLimits } from './integration-tokens.js';
import { integrationOpenApi } from './openapi.js';
import { batchOf, handleBatch } from './batch-request.js';
import { readRunSummary } from './run-summary.js';
import { listImportRuns, ownRun, reconcile } from './integration.service.js';
import { bytesOf, deleteInvoiceFile, MAX_INVOICE_FILE_BYTES, putInvoiceFile } from './invoice-files.js';
import { auditRunRead, streamRejections } from './run-rejections.js';
import { answerTokenRequest, type TokenDeps } from './token-request.js';
import { declareWayBack } from '../events/routes.js';
import { countedLogin } from '../../lib/observability/plugin.js';
import type { ReplyAddresses } from '../inbox/reply-addresses.js';

/**
 * The integration door's calls (issue 11), as the contract declares them. A batch is `admitted`, not one unit
 * of work: its run is recorded (and seen running) before its rows are written in a transaction of their own, and
 * a failed run is recorded after that transaction rolled back. An invoice's file is read whole before its
 * transaction opens, so a slow upload holds no connection.
 */
function declareCalls(door: IntegrationDoor, deps: TokenDeps & { deleteGuardPercent: number; publicUrl: string; replyAddresses: ReplyAddresses }, tokenScope: FastifyInstance) {
  door.open(integrationCalls.token, ({ body, request, reply }) => countedLogin(request, 'integration', answerTokenRequest(deps, body, request, reply)), { scope: tokenScope });
  for (const kind of importKindNames) {
    const calls = integrationCalls.kinds[kind];
    const guard = (confirmed: boolean) => ({ percent: deps.deleteGuardPercent, confirmed });
    door.admitted(calls.upsert, ({ body, query, request, principal }) =>
      handleBatch(deps.db, batchOf(request, body, principal, { kind, mode: query.mode, customer: query.customer ?? null, deleteGuard: guard(query.confirmDeletes) })),
    );
    door.admitted(calls.delete, ({ body, query, request, principal }) =>
      handleBatch(deps.db, batchOf(request, body, principal, { kind, mode: 'delete', customer: null, deleteGuard: guard(query.confirmDeletes) })),
    );
    door.read(calls.reconciliation, (reading) => reconcile(reading, kind, reading.query));
  }
  door.admitted(integrationCalls.putInvoiceFile, async ({ body, params, request }) => {
    const bytes = await bytesOf(body, MAX_INVOICE_FILE_BYTES);
    return door.act(request, (work) => putInvoiceFile(work, params, bytes));
  });
  door.call(integrationCalls.deleteInvoiceFile, (work) => deleteInvoiceFile(work, work.params));
  door.read(integrationCalls.importRuns, async (reading) => ({ runs: await listImportRuns(reading, reading.query.limit, reading.query.before ?? null) }));
  door.read(integrationCalls.importRun, async (reading) => {
    const runId = await ownRun(reading, reading.params.id);
    await auditRunRead(reading, runId);
    return readRunSummary(reading.tx, runId);
  });
  // Streams page by page once the answer has begun: its reads are transactions of their own.
  door.read(integrationCalls.runRejections, async (reading) => {
    const runId = await ownRun(reading, reading.params.id);
    await auditRunRead(reading, runId);
    return streamRejections(deps.db, runId);
  });
  declareWayBack(door, deps, tokenScope);
}

/** The integration door (`/api/integration/v1/…`) with its calls, and its own document. */
export function registerIntegrationRoutes(
  app: FastifyInstance,
  deps: { db: Db; jwtSecret: string; clock: () => Date; tokenFailureLimits: TokenFailureLimits; refusals: RefusalTrail; deleteGuardPercent: number; mailQueued: () => void; publicUrl: string; replyAddresses: ReplyAddresses },
) {
  const tokens = new IntegrationTokens(deps.jwtSecret);
  const door = openIntegrationDoor(app, { db: deps.db, tokens, refusals: deps.refusals, mailQueued: deps.mailQueued }, (opened, tokenScope) => declareCalls(opened, { ...deps, tokens }, tokenScope));
  // The door's own document (/api/docs describes the portal's calls only), made once its calls are declared.
  let document: ReturnType<typeof integrationOpenApi> | null = null;
  app.get('/api/integration/docs', { schema: { hide: true } }, async () => (document ??= integrationOpenApi(door.calls())));
}
