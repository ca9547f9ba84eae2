import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { calls } from '@portal/contract';
import { freePort } from './scratch-cluster.js';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server.ts');

/**
 * What one start of the server's process (or the CLI's) may take in a test: 1.5–2.5 s on an idle 2-core machine,
 * but more than 13 s on one busy with other test runs and builds (a test with two starts ran out of its 30 s), so
 * about three times that. A test sizes its allowance by the starts it makes: `it(name, fn, processStarts(2))`.
 */
export const processStartMs = 40_000;

/** A test's allowance for `starts` process starts, and the little else it does beside them. */
export const processStarts = (starts: number): number => starts * processStartMs;

/** An API process of the test's own, as `npm start` or a fleet's replica runs it. */
export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  /** the settings it was started with, beyond the test process's own environment */
  env: NodeJS.ProcessEnv;
  child: ChildProcess;
  output: () => string;
  /** resolves once the process has printed `text` (or fails, with the whole output, when it exits first) */
  printed: (text: string) => Promise<void>;
  /** what `awaited` gives, or fails with the whole output when the process exits first */
  whileRunning: <T>(awaited: Promise<T>) => Promise<T>;
  /** the exit code, or the signal that ended it */
  exited: Promise<number | NodeJS.Signals | null>;
  /** sends `signal` (SIGTERM) unless it has ended, and answers how it ended */
  stop: (signal?: NodeJS.Signals) => Promise<number | NodeJS.Signals | null>;
}

const workDirs: string[] = [];

/** Removes the work folders of the processes started so far (a test file's afterAll). */
export async function removeServerWorkDirs(): Promise<void> {
  await Promise.all(workDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/**
 * Starts the server's process entry with `env` over a default of its own: a free port on loopback, an empty data
 * folder (so an embedded PostgreSQL on a free port unless DATABASE_URL is given) and no web build.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'portal-server-test-'));
  workDirs.push(workDir);
  // As root, the embedded PostgreSQL runs as the postgres user, who must be able to enter the folder.
  await chmod(workDir, 0o755);
  const port = Number(env.PORT ?? (await freePort()));
  const dataDir = env.DATA_DIR ?? path.join(workDir, 'data');
  const settings: NodeJS.ProcessEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: 'info',
    WEB_DIST: path.join(workDir, 'no-web'),
    // A test's process stops at once unless the test is about the drain.
    DRAIN_SECONDS: '0',
    ...env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], { env: { ...process.env, ...settings }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const watchers = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const watcher of watchers) watcher();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!output.includes(text)) return;
        watchers.delete(check);
        resolve();
      };
      watchers.add(check);
      check();
      void exited.then((code) => {
        watchers.delete(check);
        if (!output.includes(text)) reject(new Error(`The server ended (exit ${code}) before printing "${text}":\n${output}`));
      });
    });
  const whileRunning = <T>(awaited: Promise<T>) =>
    Promise.race([awaited, exited.then((code) => Promise.reject(new Error(`The server ended (exit ${code}) while the test waited:\n${output}`)))]);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    env: settings,
    child,
    output: () => output,
    printed,
    whileRunning,
    exited,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** POSTs JSON to a server process and answers the status and the parsed answer. */
export async function postJson<T>(url: string, body: unknown, token?: string): Promise<{ status: number; json: T }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as T };
}

/** Logs a demo account in (the demo's shared password) and answers its access token; fails the test otherwise. */
export async function demoLogin(server: Pick<ServerProcess, 'url' | 'output'>, emailAddress: string): Promise<string> {
  const login = await postJson<{ accessToken: string }>(`${server.url}${calls.authentication.loginWithCredentials.path}`, {
    emailAddress,
    password: 'Medicijnrol#2026',
  });
  expect(login.status, server.output()).toBe(200);
  return login.json.accessToken;
}
