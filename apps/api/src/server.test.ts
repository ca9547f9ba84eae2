import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  deploymentProfilePath,
  deploymentProfiles,
  myRequestCalls,
  type DeploymentProfileName,
  type MyRequestRow,
  type TableResponse,
} from '@portal/contract';
import { demoLogin, postJson, removeServerWorkDirs, startServerProcess } from './test/server-process.js';

afterAll(removeServerWorkDirs);

/** The last line of the demo logins' banner, printed once the server listens with its demo data made. */
const BANNER_END = 'kwaliteit@mijnspits.example';

/** The server's process entry on an empty data folder (embedded PostgreSQL, demo data), as `npm start` runs it. */
const startServer = (env: NodeJS.ProcessEnv = {}) => startServerProcess(env);
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
      const requests = await postJson<TableResponse<MyRequestRow>>(
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
