import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  calls,
  deploymentProfilePath,
  deploymentProfiles,
  myRequestCalls,
  type DeploymentProfileName,
  type MyRequestRow,
  type TableResponse,
} from '@portal/contract';
import { freePort } from './test/scratch-cluster.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const workDirs: string[] = [];
afterAll(async () => {
  await Promise.all(workDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The last line of the demo logins' banner, printed once the server listens with its demo data made. */
const BANNER_END = 'kwaliteit@mijnspits.example';

interface StartedServer {
  url: string;
  dataDir: string;
  output: () => string;
  /** resolves once the process has printed `text` (or fails, with the whole output, when it exits first) */
  printed: (text: string) => Promise<void>;
  stop: () => Promise<number | null>;
}

/** The server's process entry on an empty data folder (embedded PostgreSQL, demo data), as `npm start` runs it. */
async function startServer(env: NodeJS.ProcessEnv = {}): Promise<StartedServer> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'portal-server-test-'));
  workDirs.push(workDir);
  await chmod(workDir, 0o755);
  const port = await freePort();
  const dataDir = path.join(workDir, 'data');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(workDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const watchers = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const watcher of watchers) watcher();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
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
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    printed,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

async function post<T>(url: string, body: unknown, token?: string): Promise<{ status: number; json: T }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as T };
}

async function demoLogin(server: StartedServer, emailAddress: string): Promise<string> {
  const login = await post<{ accessToken: string }>(`${server.url}${calls.authentication.loginWithCredentials.path}`, {
    emailAddress,
    password: 'Medicijnrol#2026',
  });
  expect(login.status, server.output()).toBe(200);
  return login.json.accessToken;
}

describe('the server process', () => {
  it('starts on an empty embedded database with demo data, serves, and stops cleanly on SIGTERM', async () => {
    const server = await startServer();
    await server.printed(BANNER_END);
    expect(server.output()).toContain('beheer@apotheekdelinde.example');
    expect(server.output()).toContain('TOTP-sleutel BEHEERDERDEMOMIJNSPITSBEHEERDEMO');
    await demoLogin(server, 'beheer@apotheekdelinde.example');
    expect(existsSync(path.join(server.dataDir, 'pg', 'postmaster.pid'))).toBe(true);
    expect(existsSync(path.join(server.dataDir, 'secrets.json'))).toBe(true);

    expect(await server.stop(), server.output()).toBe(0);
    expect(server.output()).toContain('Stopped');
    // PostgreSQL was shut down, not left behind.
    expect(existsSync(path.join(server.dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 90_000);

  // Every profile but the default (started above): the demo inbox files the imperfection report its site offers.
  const profiles = (Object.keys(deploymentProfiles) as DeploymentProfileName[]).filter((name) => name !== 'default');
  it.each(profiles)('starts from an empty data folder under DEPLOYMENT_PROFILE=%s, with the demo report of its variant', async (profile) => {
    const server = await startServer({ DEPLOYMENT_PROFILE: profile });
    try {
      await server.printed(BANNER_END);
      const token = await demoLogin(server, 'verpleging@hetbaken.example');
      const site = await fetch(`${server.url}${deploymentProfilePath}`, { headers: { authorization: `Bearer ${token}` } });
      const [variant] = deploymentProfiles[profile].imperfectionVariants;
      expect(((await site.json()) as { imperfectionVariants: string[] }).imperfectionVariants).toEqual([variant]);
      const requests = await post<TableResponse<MyRequestRow>>(
        `${server.url}${myRequestCalls.getMyRequestTable.path}`,
        { sortBy: 'receivedAt', descending: true, page: 1, rowsPerPage: 20, search: '' },
        token,
      );
      expect(requests.status).toBe(200);
      expect(requests.json.items.map((row) => row.kind)).toContain(variant === 'Basic' ? 'Imperfection' : `Imperfection${variant}`);
    } finally {
      expect(await server.stop(), server.output()).toBe(0);
    }
  }, 90_000);
});
