import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { calls, deploymentProfilePath } from '@portal/contract';
import { buildApp } from '../app.js';
import { call, createTestContext, testAppConfig, type TestContext } from '../test/harness.js';
import { invoiceCustomers, march } from '../modules/invoices/invoice-fixtures.js';

/**
 * Decision 0024: the build's text files go precompressed (brotli or gzip by Accept-Encoding, with Vary), the
 * API's answers above 1 KiB compressed on the fly, and files that are compressed already (PDF, XLSX) as they are.
 */
let ctx: TestContext;
let app: FastifyInstance;
let dir: string;
const script = `console.log(${JSON.stringify('Mijn Spits '.repeat(400))});\n`;
const page = `<!doctype html><title>Mijn Spits</title><body>${'<div></div>'.repeat(200)}</body>`;
const loginPage = `<!doctype html><title>Mijn Spits</title><body><div id="login-shell"><h1>Inloggen</h1></div>${'<div></div>'.repeat(200)}</body>`;

beforeAll(async () => {
  ctx = await createTestContext();
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-compress-'));
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  for (const [name, text] of [
    ['assets/app-1234.js', script],
    ['index.html', page],
    ['auth.html', loginPage],
  ] as const) {
    await writeFile(path.join(dir, name), text);
    await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(dir, `${name}.gz`), gzipSync(text));
  }
  app = await buildApp({
    config: { ...testAppConfig, WEB_DIST: dir },
    database: ctx.database,
    secrets: { jwtSecret: randomBytes(32).toString('base64url'), totpEncryptionKey: ctx.totpKey },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

describe('the web build, precompressed', () => {
  it('sends brotli to a browser that takes it, gzip to one that takes only gzip, and the file itself otherwise', async () => {
    const br = await get('/assets/app-1234.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await get('/assets/app-1234.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends a route of the web app as the compressed index.html, not cached', async () => {
    const res = await get('/settings', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends /auth as the page with the login page rendered at build time, and no other route (decision 0027)', async () => {
    for (const url of ['/auth', '/auth/', '/auth?next=%2Finvoices']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(loginPage);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/auth/reset-password', '/auth/activate?token=x', '/', '/authx']) {
      expect((await get(url)).body, url).toBe(page);
    }
  });
});

describe('the API', () => {
  it('compresses an answer above 1 KiB and leaves a small one as it is', async () => {
    const docs = await get('/api/docs', 'br, gzip');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString())).toHaveProperty('openapi');

    const profile = await get(deploymentProfilePath, 'br, gzip');
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['content-encoding']).toBeUndefined();
    expect(profile.json()).toHaveProperty('imperfectionVariants');
  });

  it('sends an invoice PDF and workbook as they are: they are compressed already', async () => {
    const { token, own } = await invoiceCustomers(ctx);
    for (const FileType of ['PdfDetails', 'ExcelDetails']) {
      const res = await call(ctx, calls.invoice.downloadInvoiceFile, {
        token,
        query: { ProcessedMonth: march.month, ClientCode: own.clientCode, FileType },
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(res.statusCode, FileType).toBe(200);
      expect(res.headers['content-encoding'], FileType).toBeUndefined();
    }
  });
});
