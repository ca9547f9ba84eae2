import { spawn, type ChildProcess } from 'node:child_process';
import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { DeploymentProfileName } from '@portal/contract';
import { pollUntil } from '../../apps/api/src/test/poll.js';
import { e2eEnv, portalEnv, repoRoot } from './env.js';

export interface ProfileServer {
  /** e.g. http://localhost:3152 */
  url: string;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, log: string): Promise<void> {
  await pollUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`The ${url} server ended (exit ${child.exitCode}); see ${log}`);
      return (await fetch(`${url}/api/health`).then((response) => response.ok, () => false)) || undefined;
    },
    { timeoutMs: 120_000, intervalMs: 250, failure: () => `The server at ${url} did not become healthy; see ${log}` },
  );
}

/** Spawns the built server with `env` and its output in a log file of the run's folder, and waits until it serves. */
async function spawnServer(name: string, port: number, env: NodeJS.ProcessEnv): Promise<ProfileServer> {
  const url = `http://localhost:${port}`;
  // The run's own portal takes the replies by mail; a second process on the same listener port could not start.
  const { INBOUND_SMTP_PORT: _taken, ...ownEnv } = env;
  const logFile = path.join(e2eEnv.workDir, `server-${name}-${port}.log`);
  const log = await open(logFile, 'w');
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist/server.js')], {
    cwd: repoRoot,
    env: { ...ownEnv, PORT: String(port), PUBLIC_URL: url },
    stdio: ['ignore', log.fd, log.fd],
  });
  try {
    await waitForHealth(url, child, logFile);
  } catch (error) {
    child.kill('SIGTERM');
    await log.close();
    throw error;
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      await log.close();
    },
  };
}

/**
 * A second API process of the portal under test, with another deployment profile, on `port`: it serves the
 * same built web app against the SAME database as the server of global-setup.ts (the embedded PostgreSQL that
 * server started, reached as its owner `postgres` with the password kept in DATA_DIR/secrets.json), and shares
 * that server's secrets through the same DATA_DIR, so that a session of the one is valid on the other.
 */
export async function startProfileServer(profile: DeploymentProfileName, port: number): Promise<ProfileServer> {
  const env = portalEnv();
  const secrets = JSON.parse(await readFile(path.join(env.DATA_DIR as string, 'secrets.json'), 'utf8')) as { embeddedPassword: string; jwtSecret: string; totpEncryptionKey: string };
  return spawnServer(profile, port, {
    ...env,
    DATABASE_URL: `postgres://postgres:${encodeURIComponent(secrets.embeddedPassword)}@127.0.0.1:${e2eEnv.pgPort}/portal`,
    // An external database wants the fleet's secrets given (the data folder is shared here, as a mounted secret would be).
    JWT_SECRET: secrets.jwtSecret,
    TOTP_ENCRYPTION_KEY: secrets.totpEncryptionKey,
    DEPLOYMENT_PROFILE: profile,
    DEMO_DATA: 'false',
  });
}

/**
 * A portal of its own under another deployment profile, started as a newcomer's `npm start` would be: an empty
 * data folder, its own embedded PostgreSQL on `pgPort`, demo data made on this first start (demo inbox included).
 */
export async function startFreshPortal(profile: DeploymentProfileName, port: number, pgPort: number): Promise<ProfileServer> {
  const dataDir = path.join(e2eEnv.workDir, `fresh-${profile}-${port}`);
  await rm(dataDir, { recursive: true, force: true });
  return spawnServer(`fresh-${profile}`, port, {
    ...portalEnv(),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    DEPLOYMENT_PROFILE: profile,
    DEMO_DATA: 'true',
  });
}
