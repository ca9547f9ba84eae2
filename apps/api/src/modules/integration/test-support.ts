import type { LightMyRequestResponse } from 'fastify';
import { integrationBasePath, type ImportKind, type IntegrationScope } from '@portal/contract';
import type { TestContext } from '../../test/harness.js';
import { integrationClientAdmin } from './integration-clients.js';

export interface TestIntegration {
  clientId: string;
  clientSecret: string;
  token: string;
}

/** Asks a token the way a provider's system does: form-encoded client credentials (from `remoteAddress`). */
export async function requestToken(ctx: TestContext, form: Record<string, string>, headers: Record<string, string> = {}, remoteAddress?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `${integrationBasePath}/token`,
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
}

/** An integration client made as the provider's operator does, with a token of all its scopes. */
export async function createIntegration(ctx: TestContext, scopes: IntegrationScope[], name = 'ERP Test'): Promise<TestIntegration> {
  const credentials = await integrationClientAdmin.create(ctx.database.ownerDb, name, scopes);
  const response = await requestToken(ctx, { grant_type: 'client_credentials', client_id: credentials.clientId, client_secret: credentials.clientSecret });
  const token = (response.json() as { access_token: string }).access_token;
  return { ...credentials, token };
}

/** A batch as NDJSON (one row per line) or a JSON array. */
export function sendBatch(
  ctx: TestContext,
  token: string,
  kind: ImportKind,
  rows: unknown[],
  options: { format?: 'ndjson' | 'json'; query?: string; headers?: Record<string, string>; path?: string } = {},
): Promise<LightMyRequestResponse> {
  const ndjson = (options.format ?? 'ndjson') === 'ndjson';
  return ctx.app.inject({
    method: 'POST',
    url: `${integrationBasePath}/${kind}${options.path ?? ''}${options.query ? `?${options.query}` : ''}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': ndjson ? 'application/x-ndjson' : 'application/json',
      ...options.headers,
    },
    payload: ndjson ? rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') : JSON.stringify(rows),
  });
}

export function getIntegration(ctx: TestContext, token: string, path: string) {
  return ctx.app.inject({ method: 'GET', url: `${integrationBasePath}${path}`, headers: { authorization: `Bearer ${token}` } });
}
