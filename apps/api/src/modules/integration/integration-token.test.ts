import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calls, importKindNames } from '@portal/contract';
import { auditRows, call, createAccount, createCustomer, createTestContext, type TestContext } from '../../test/harness.js';
import { login } from '../../test/auth-helpers.js';
import { integrationClientAdmin } from './integration-clients.js';
import { createIntegration, getIntegration, requestToken, sendBatch } from './test-support.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the token endpoint (client credentials, RFC 6749 §4.4)', () => {
  it('gives a bearer token with the client scopes, for the form body and for HTTP Basic', async () => {
    const credentials = await integrationClientAdmin.create(ctx.database.ownerDb, 'ERP', ['customers', 'products']);
    const byForm = await requestToken(ctx, { grant_type: 'client_credentials', client_id: credentials.clientId, client_secret: credentials.clientSecret });
    expect(byForm.statusCode).toBe(200);
    expect(byForm.json()).toMatchObject({ token_type: 'Bearer', expires_in: 600, scope: 'customers products' });
    expect(byForm.headers['cache-control']).toBe('no-store');
    const basic = Buffer.from(`${credentials.clientId}:${encodeURIComponent(credentials.clientSecret)}`).toString('base64');
    const byBasic = await requestToken(ctx, { grant_type: 'client_credentials', scope: 'products' }, { authorization: `Basic ${basic}` });
    expect(byBasic.statusCode).toBe(200);
    expect(byBasic.json()).toMatchObject({ scope: 'products' });
    expect((await auditRows(ctx, 'Integration.Token')).some((r) => r.outcome === 'Success')).toBe(true);
  });

  it('refuses a wrong secret, an unknown client and a revoked client alike, and audits it', async () => {
    const credentials = await integrationClientAdmin.create(ctx.database.ownerDb, 'ERP', ['customers']);
    const wrong = await requestToken(ctx, { grant_type: 'client_credentials', client_id: credentials.clientId, client_secret: 'spits_wrong' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client' });
    const unknown = await requestToken(ctx, { grant_type: 'client_credentials', client_id: 'not-a-uuid', client_secret: 'x' });
    expect(unknown.json()).toMatchObject({ error: 'invalid_client' });
    await integrationClientAdmin.revoke(ctx.database.ownerDb, credentials.clientId);
    const revoked = await requestToken(ctx, { grant_type: 'client_credentials', client_id: credentials.clientId, client_secret: credentials.clientSecret });
    expect(revoked.statusCode).toBe(401);
    expect((await auditRows(ctx, 'Integration.Token')).some((r) => r.outcome === 'Failure')).toBe(true);
  });

  it('refuses another grant, missing credentials and a scope the client does not hold', async () => {
    const credentials = await integrationClientAdmin.create(ctx.database.ownerDb, 'ERP', ['customers']);
    expect((await requestToken(ctx, { grant_type: 'password', client_id: credentials.clientId })).json()).toMatchObject({ error: 'unsupported_grant_type' });
    expect((await requestToken(ctx, { grant_type: 'client_credentials' })).json()).toMatchObject({ error: 'invalid_request' });
    expect((await requestToken(ctx, {})).statusCode).toBe(400);
    const scoped = await requestToken(ctx, { grant_type: 'client_credentials', client_id: credentials.clientId, client_secret: credentials.clientSecret, scope: 'patients' });
    expect(scoped.statusCode).toBe(400);
    expect(scoped.json()).toMatchObject({ error: 'invalid_scope' });
  });
});

describe('integration tokens open the integration door only', () => {
  it('refuses a call without the scope of its kind with 403', async () => {
    const integration = await createIntegration(ctx, ['customers']);
    const response = await sendBatch(ctx, integration.token, 'products', []);
    expect(response.statusCode).toBe(403);
    expect(response.headers['www-authenticate']).toContain('insufficient_scope');
  });

  it('refuses an expired token, a token of a revoked client and a token made before an immediate rotation', async () => {
    const integration = await createIntegration(ctx, ['customers']);
    // A token issued 11 minutes ago (by an app whose clock says so) has expired by now.
    const past = await createTestContext({ clock: () => new Date(Date.now() - 11 * 60_000) });
    try {
      const expired = await createIntegration(past, ['customers']);
      expect((await getIntegration(past, expired.token, '/import-runs')).statusCode).toBe(401);
    } finally {
      await past.close();
    }
    expect((await getIntegration(ctx, integration.token, '/import-runs')).statusCode).toBe(200);
    await integrationClientAdmin.rotate(ctx.database.ownerDb, integration.clientId, 0);
    const afterRotation = await getIntegration(ctx, integration.token, '/import-runs');
    expect(afterRotation.statusCode).toBe(401);
    expect(afterRotation.headers['www-authenticate']).toContain('invalid_token');

    const other = await createIntegration(ctx, ['customers']);
    await integrationClientAdmin.revoke(ctx.database.ownerDb, other.clientId);
    expect((await getIntegration(ctx, other.token, '/import-runs')).statusCode).toBe(401);
  });

  it('refuses a customer token on an integration call, and an integration token on a portal call', async () => {
    const client = await createCustomer(ctx);
    const account = await createAccount(ctx, client);
    const customerToken = (await login(ctx, account)).accessToken;
    expect((await getIntegration(ctx, customerToken, '/import-runs')).statusCode).toBe(401);
    expect((await sendBatch(ctx, customerToken, 'customers', [])).statusCode).toBe(401);

    const integration = await createIntegration(ctx, ['customers', 'packing-orders']);
    const portal = await call(ctx, calls.account.isTotpEnabled, { token: integration.token });
    expect(portal.statusCode).toBe(401);
    expect((await getIntegration(ctx, 'not.a.token', '/import-runs')).statusCode).toBe(401);
  });
});

describe('the integration door documents itself', () => {
  it('serves its own OpenAPI document with every kind, and stays out of the portal document', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/integration/docs' })).json() as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    for (const kind of importKindNames) {
      expect(Object.keys(document.paths)).toEqual(expect.arrayContaining([`/api/integration/v1/${kind}`, `/api/integration/v1/${kind}/reconciliation`]));
    }
    const portal = (await ctx.app.inject({ method: 'GET', url: '/api/docs' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(portal.paths).filter((p) => p.startsWith('/api/integration'))).toEqual([]);
  });
});

describe('every integration call is audited', () => {
  it('writes one row per call, answered or refused, naming the client where its token was valid', async () => {
    const integration = await createIntegration(ctx, ['customers']);
    expect((await getIntegration(ctx, integration.token, '/import-runs')).statusCode).toBe(200);
    expect((await sendBatch(ctx, integration.token, 'patients', [])).statusCode).toBe(403);
    expect((await getIntegration(ctx, 'forged', '/import-runs')).statusCode).toBe(401);
    const rows = (
      await ctx.database.ownerDb.execute<{ outcome: string; object_id: string | null; details: { route: string; status: number } }>(
        sql`select outcome, object_id, details from audit_log where action = 'Integration.Call' order by id desc limit 3`,
      )
    ).rows.reverse();
    expect(rows).toEqual([
      { outcome: 'Success', object_id: integration.clientId, details: { method: 'GET', route: '/api/integration/v1/import-runs', status: 200 } },
      { outcome: 'Failure', object_id: integration.clientId, details: { method: 'POST', route: '/api/integration/v1/patients', status: 403 } },
      { outcome: 'Failure', object_id: null, details: { method: 'GET', route: '/api/integration/v1/import-runs', status: 401 } },
    ]);
  });
});
