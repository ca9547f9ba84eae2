import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../db/embedded.js';

/** A TCP port nobody listens on right now (127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * An embedded PostgreSQL of one test file's own, for tests that freeze or kill it (the run's shared cluster
 * must stay up for the other files).
 */
export async function startScratchCluster(log: { info?: (m: string) => void; error?: (m: string) => void } = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-scratch-pg-'));
  // As root the server runs as the postgres user, who must be able to enter the folder.
  await chmod(dir, 0o755);
  const cluster = await startEmbeddedPostgres({
    dir: path.join(dir, 'pg'),
    port: await freePort(),
    password: 'scratch-cluster',
    log: { info: log.info ?? (() => undefined), debug: () => undefined, error: log.error ?? (() => undefined) },
  });
  return {
    cluster,
    async remove() {
      await cluster.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** True when the cluster answers a query now (within a second). */
export async function clusterAnswers(cluster: EmbeddedCluster): Promise<boolean> {
  const client = new pg.Client({ connectionString: cluster.urlFor('postgres'), connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query<{ one: number }>('select 1 as one')).rows[0]?.one === 1;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
