import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../app.js';
import { API_BASE, calls } from '@portal/contract';
import { testAppConfig, type TestAccount } from '../../test/harness.js';
import { expectProblem, freshAddress } from '../../test/auth-helpers.js';
import { authTestContext } from './test-context.js';

const t = authTestContext();
let account: TestAccount;
beforeAll(async () => {
  account = await t.account();
});

function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse) {
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  const csp = directives(res);
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
  expect(scriptSrc).toBeDefined();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(scriptSrc).not.toContain('*');
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(res.headers['x-powered-by']).toBeUndefined();
}

describe('headers on API answers', () => {
  it('a successful login', async () => {
    const res = await t.call(calls.authentication.loginWithCredentials, {
      body: { emailAddress: account.emailAddress, password: account.password },
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
  });

  it('a token call, a 400, a 401 and a 404', async () => {
    const auth = await t.login(account);
    const answers = [
      await t.call(calls.account.isTotpEnabled, { token: auth.accessToken }),
      await t.call(calls.authentication.loginWithCredentials, { body: {} }),
      await t.call(calls.account.isTotpEnabled),
      await t.ctx.app.inject({ method: 'GET', url: `${API_BASE}/Nothing/Here` }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 400, 401, 404]);
    for (const res of answers) expectSecurityHeaders(res);
  });

  it('a 204 answer', async () => {
    const auth = await t.login(account);
    const res = await t.call(calls.authentication.logout, { token: auth.accessToken });
    expect(res.statusCode).toBe(204);
    expectSecurityHeaders(res);
  });
});

describe('GET /api/docs', () => {
  it('answers the OpenAPI document with the contract calls', async () => {
    const res = await t.ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/portal/Authentication/LoginWithCredentials']).toHaveProperty('post');
    for (const def of [...Object.values(calls.authentication), ...Object.values(calls.account)]) {
      expect(doc.paths[def.path], def.path).toHaveProperty(def.method.toLowerCase());
    }
    // Internal routes stay out of it.
    expect(doc.paths['/api/docs']).toBeUndefined();
  });
});

describe('with a web build served beside the API', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    // A web build of its own (the real one may be rebuilt while the tests run), with a file beside it that
    // must never be served.
    dir = await mkdtemp(path.join(os.tmpdir(), 'portal-web-'));
    await mkdir(path.join(dir, 'dist', 'assets'), { recursive: true });
    await writeFile(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>Mijn Spits</title>');
    await writeFile(path.join(dir, 'dist', 'assets', 'app.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'geheim.txt'), 'GEHEIM-BESTAND');
    app = await buildApp({
      config: { ...testAppConfig, WEB_DIST: path.join(dir, 'dist') },
      database: t.ctx.database,
      secrets: { jwtSecret: randomBytes(32).toString('base64url'), totpEncryptionKey: t.ctx.totpKey },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('an unknown route under /api is still a 404 problem document, not the web app', async () => {
    for (const url of ['/api/nope', '/api/portal/Nothing/Here', '/api/portal/Authentication/LoginWithCredentials']) {
      const res = await app.inject({ method: 'GET', url });
      expectProblem(res, 404);
      expect(res.body).not.toContain('<!doctype html>');
    }
  });

  it('a route of the web app answers its index.html; the API answers stay no-store', async () => {
    const page = await app.inject({ method: 'GET', url: '/settings' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Mijn Spits</title>');
    expect(directives(page).get('script-src')).not.toContain("'unsafe-inline'");
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
  });

  it('no path leaves the web build folder', async () => {
    for (const url of [
      '/../geheim.txt',
      '/%2e%2e/geheim.txt',
      '/assets/..%2f..%2fgeheim.txt',
      '/assets/%2e%2e%2f%2e%2e%2fgeheim.txt',
      '/..%5cgeheim.txt',
      '/api/../../geheim.txt',
      '/../../../../etc/passwd',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('GEHEIM-BESTAND');
      expect(res.body, url).not.toMatch(/root:.*:0:0:/);
    }
  });
});
