import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedCluster } from './embedded.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function answers(cluster: EmbeddedCluster): Promise<boolean> {
  const client = new pg.Client({ connectionString: cluster.urlFor('postgres'), connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query('select 1 as one')).rows[0]?.one === 1;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

let dir: string;
let cluster: EmbeddedCluster;
const logged: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-supervised-'));
  await chmod(dir, 0o755);
  const log = { info: (m: string) => logged.push(m), debug: () => undefined, error: (m: string) => logged.push(m) };
  cluster = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: await freePort(), password: 'supervised-test', log });
});
afterAll(async () => {
  await cluster?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL under supervision', () => {
  it('is started again when its postmaster is killed, and answers again', async () => {
    expect(await answers(cluster)).toBe(true);
    const before = cluster.pid;
    expect(before).toBeGreaterThan(0);
    process.kill(before!, 'SIGKILL');
    await expect.poll(() => cluster.pid !== undefined && cluster.pid !== before, { timeout: 60_000, interval: 200 }).toBe(true);
    await expect.poll(() => answers(cluster), { timeout: 60_000, interval: 200 }).toBe(true);
    expect(logged.some((m) => /ended unexpectedly \(SIGKILL\)/.test(m))).toBe(true);
  });

  it('is not started again once it was stopped on purpose', async () => {
    const pid = cluster.pid!;
    await cluster.stop();
    expect(() => process.kill(pid, 0)).toThrow();
    expect(cluster.pid).toBeUndefined();
    expect(await answers(cluster)).toBe(false);
  });
});
