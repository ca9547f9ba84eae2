import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/scratch-cluster.js';

const here = path.dirname(fileURLToPath(import.meta.url));

let workDir: string | undefined;
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('starts on an empty embedded database with demo data, serves, and stops cleanly on SIGTERM', async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'portal-server-test-'));
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
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    let healthy = false;
    for (let i = 0; i < 200 && !healthy; i += 1) {
      await new Promise((r) => setTimeout(r, 250));
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    }
    expect(healthy, output).toBe(true);
    // The banner of demo logins is printed just after the server starts listening: wait for it.
    for (let i = 0; i < 80 && !output.includes('kwaliteit@mijnspits.example'); i += 1) await new Promise((r) => setTimeout(r, 250));
    expect(output).toContain('beheer@apotheekdelinde.example');
    expect(output).toContain('TOTP-sleutel BEHEERDERDEMOMIJNSPITSBEHEERDEMO');
    const login = await fetch(`http://127.0.0.1:${port}/api/portal/Authentication/LoginWithCredentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailAddress: 'beheer@apotheekdelinde.example', password: 'Medicijnrol#2026' }),
    });
    expect(login.status).toBe(200);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(true);

    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expect(output).toContain('Stopped');
    // PostgreSQL was shut down, not left behind.
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 90_000);
});
