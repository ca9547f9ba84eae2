import { z } from 'zod';
import { defineCall } from '../define.js';
import { invoiceFileType } from '../enums.js';
import { customerCodeField } from '../fields.js';
import { problemDocument } from '../problem.js';
import { deleteImportRow } from './rows.js';
import { importProblem } from './import-errors.js';
import { importKindNames, importKinds, importRunSummary, integrationBasePath, integrationTokenResponse, reconciliation, type ImportKind } from './kinds.js';

/**
 * The integration door's calls (`/api/integration/v1/…`, for the provider's systems), declared as every other
 * call is: the door registers them and documents them from here. Each kind has its own calls, so the OAuth scope
 * a call needs (its `roles`: the kind) is known before its body is read.
 */

/** RFC 6749 §5.2: how the token endpoint refuses. */
export const oauthError = z.object({
  error: z.enum(['invalid_request', 'invalid_client', 'unsupported_grant_type', 'invalid_scope']),
  error_description: z.string(),
});

/** The fields of a token request (RFC 6749 §4.4.2, §2.3.1), each checked by the token endpoint itself. */
const tokenForm = z.object({
  grant_type: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  scope: z.string().optional(),
});

/** A customer code in the query, as a row names it: in capitals. */
const customerQuery = z.object({ customer: customerCodeField().optional() });
/**
 * `confirmDeletes=true`: the sender means a snapshot or delete list that removes more than the guard's share of
 * its scope (or an empty snapshot); without it such a batch is refused and nothing of it kept.
 */
const deleteConfirmation = { confirmDeletes: z.stringbool().default(false) };
const batchQuery = customerQuery.extend({ mode: z.enum(['upsert', 'snapshot']).default('upsert'), ...deleteConfirmation });
const deleteQuery = z.object(deleteConfirmation);

/**
 * A reconciliation's range of keys, both ends included, in byte order of their UTF-8 (either end may be left
 * open), and whether to list the range's rows (`rows=true`, at most `reconciliationRowLimit`).
 */
const reconciliationQuery = customerQuery.extend({
  from: z.string().min(1).max(100).optional(),
  to: z.string().min(1).max(100).optional(),
  rows: z.stringbool().default(false),
});

const runRejection = importRunSummary.shape.rejections.element;

/** A run as the list of runs names it (the table's columns; the idempotency key and request hash stay inside). */
export const importRunListItem = importRunSummary
  .omit({ runId: true, customer: true, rejections: true })
  .extend({
    id: z.int(),
    integrationClientId: z.string().nullable(),
    source: z.enum(['api', 'cli']),
    scopeCustomer: z.string().nullable(),
    finishedAt: z.string().nullable(),
  });
export type ImportRunListItem = z.infer<typeof importRunListItem>;
const runParams = z.object({ id: z.coerce.number().int().min(1) });
const invoiceFileParams = z.object({ customer: customerCodeField(), key: z.string().min(1).max(200), fileType: invoiceFileType });

/** Batch and reconciliation calls of one kind; its scope is the kind. */
function kindCalls<K extends ImportKind>(kind: K) {
  const { row, label } = importKinds[kind];
  const base = { controller: kind, base: integrationBasePath, roles: [kind] as const };
  return {
    upsert: defineCall({
      ...base,
      action: 'Upsert',
      method: 'POST',
      path: `${integrationBasePath}/${kind}`,
      summary: `Upsert ${label}`,
      query: batchQuery,
      stream: { rows: row },
      submission: true,
      extraStatuses: [409, 413, 415, 422],
      response: importRunSummary,
      errorBody: importProblem,
    }),
    delete: defineCall({
      ...base,
      action: 'Delete',
      method: 'POST',
      path: `${integrationBasePath}/${kind}/delete`,
      summary: `Delete ${label} by key`,
      query: deleteQuery,
      stream: { rows: deleteImportRow },
      submission: true,
      extraStatuses: [409, 413, 415, 422],
      response: importRunSummary,
      errorBody: importProblem,
    }),
    reconciliation: defineCall({
      ...base,
      action: 'Reconciliation',
      method: 'GET',
      path: `${integrationBasePath}/${kind}/reconciliation`,
      summary: `What the portal holds of ${label}: count and checksum of a range of keys, or its rows`,
      query: reconciliationQuery,
      response: reconciliation,
      extraStatuses: [422],
      errorBody: importProblem,
    }),
  };
}

type KindCalls = { [K in ImportKind]: ReturnType<typeof kindCalls<K>> };

export const integrationCalls = {
  token: defineCall({
    controller: 'token',
    action: 'Token',
    method: 'POST',
    base: integrationBasePath,
    path: `${integrationBasePath}/token`,
    auth: false,
    summary: 'An access token (OAuth 2.0 client credentials, RFC 6749 §4.4)',
    body: tokenForm,
    bodyEncoding: 'form',
    response: integrationTokenResponse,
    errorBody: z.union([oauthError, problemDocument]),
  }),
  kinds: Object.fromEntries(importKindNames.map((kind) => [kind, kindCalls(kind)])) as KindCalls,
  putInvoiceFile: defineCall({
    controller: 'invoices',
    action: 'PutFile',
    method: 'PUT',
    base: integrationBasePath,
    path: `${integrationBasePath}/invoices/{customer}/{key}/files/{fileType}`,
    roles: ['invoices'],
    summary: "The provider's own file of an invoice (PDF or XLSX), served to the customer instead of the rendered one",
    params: invoiceFileParams,
    stream: { bytes: ['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
    extraStatuses: [413, 415],
    response: z.object({ customer: z.string(), key: z.string(), fileType: invoiceFileType, bytes: z.int(), sha256: z.string() }),
  }),
  deleteInvoiceFile: defineCall({
    controller: 'invoices',
    action: 'DeleteFile',
    method: 'DELETE',
    base: integrationBasePath,
    path: `${integrationBasePath}/invoices/{customer}/{key}/files/{fileType}`,
    roles: ['invoices'],
    summary: 'Remove the provider file: the portal renders the file again',
    params: invoiceFileParams,
  }),
  importRuns: defineCall({
    controller: 'import-runs',
    action: 'List',
    method: 'GET',
    base: integrationBasePath,
    path: `${integrationBasePath}/import-runs`,
    summary: "The client's import runs, newest first",
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), before: z.coerce.number().int().min(1).optional() }),
    response: z.object({ runs: z.array(importRunListItem) }),
  }),
  importRun: defineCall({
    controller: 'import-runs',
    action: 'Get',
    method: 'GET',
    base: integrationBasePath,
    path: `${integrationBasePath}/import-runs/{id}`,
    summary: 'One run with its first 1,000 rejected rows',
    params: runParams,
    response: importRunSummary,
  }),
  runRejections: defineCall({
    controller: 'import-runs',
    action: 'Rejections',
    method: 'GET',
    base: integrationBasePath,
    path: `${integrationBasePath}/import-runs/{id}/rejections`,
    summary: 'Every rejected row of a run (kept 30 days), as NDJSON',
    params: runParams,
    response: runRejection,
    answer: 'ndjson',
  }),
};
