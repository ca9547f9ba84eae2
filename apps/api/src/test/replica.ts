import { execFile } from 'node:child_process';
import { appendFile, chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../db/embedded.js';
import { postgresUser } from '../db/pg-binaries.js';
import { pollUntil } from './poll.js';
import { freePort } from './scratch-cluster.js';

const run = promisify(execFile);
const PASSWORD = 'replica-test-cluster';
const SLOT = 'portal_replica';
const silent = { info: () => undefined, debug: () => undefined, error: (m: string) => console.error(m) };

async function one<T>(url: string, text: string): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows[0] as T;
  } finally {
    await client.end();
  }
}

export interface StreamingPair {
  primary: EmbeddedCluster;
  replica: EmbeddedCluster;
  /** Resolves once the replica has replayed everything the primary had written when it was called. */
  replayed(): Promise<void>;
  /** Stops applying what streams in (it keeps arriving), until `resumeReplay`. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  remove(): Promise<void>;
}

/**
 * An embedded primary and a streaming replica of it, made from the embedded programs alone (they ship no
 * pg_basebackup): the primary gets a replication slot, is shut down cleanly and its folder copied, and the copy
 * starts as a standby (standby.signal, primary_conninfo on loopback) that streams from the slot. Replication
 * connections from 127.0.0.1 are allowed by initdb's own pg_hba.conf.
 */
export async function startStreamingPair(): Promise<StreamingPair> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-replica-pg-'));
  // As root the servers run as the postgres user, who must be able to enter the folder.
  await chmod(dir, 0o755);
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const primaryPort = await freePort();
  const first = await startEmbeddedPostgres({ dir: primaryDir, port: primaryPort, password: PASSWORD, log: silent });
  await one(first.urlFor('postgres'), `select pg_create_physical_replication_slot('${SLOT}')`);
  await first.stop();
  await run('cp', ['-a', primaryDir, replicaDir]);
  const conninfo = `host=127.0.0.1 port=${primaryPort} user=postgres password=${PASSWORD} application_name=replica`;
  await appendFile(path.join(replicaDir, 'postgresql.auto.conf'), `primary_conninfo = '${conninfo}'\nprimary_slot_name = '${SLOT}'\n`);
  await writeFile(path.join(replicaDir, 'standby.signal'), '');
  if (process.getuid?.() === 0) {
    const user = await postgresUser();
    await run('chown', ['-R', `${user.uid}:${user.gid}`, replicaDir]);
  }
  const primary = await startEmbeddedPostgres({ dir: primaryDir, port: primaryPort, password: PASSWORD, log: silent });
  const replica = await startEmbeddedPostgres({ dir: replicaDir, port: await freePort(), password: PASSWORD, log: silent });
  const onReplica = (text: string) => one<Record<string, unknown>>(replica.urlFor('postgres'), text);

  return {
    primary,
    replica,
    async replayed() {
      const { lsn } = await one<{ lsn: string }>(primary.urlFor('postgres'), 'select pg_current_wal_lsn()::text as lsn');
      await pollUntil(async () => ((await onReplica(`select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as done`)).done ? true : undefined), {
        timeoutMs: 30_000,
        intervalMs: 20,
        failure: async () => `the replica did not replay up to ${lsn}: ${JSON.stringify(await onReplica('select pg_last_wal_replay_lsn()::text as at'))}`,
      });
    },
    // Checked before each record is applied: nothing written after this call is replayed until the resume.
    pauseReplay: () => onReplica('select pg_wal_replay_pause()').then(() => undefined),
    resumeReplay: () => onReplica('select pg_wal_replay_resume()').then(() => undefined),
    async remove() {
      await replica.stop();
      await primary.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
