import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myRequestCalls } from '@portal/contract';
import { loadConfig } from './config.js';
import { StartRefused } from './db/app-role.js';
import { openDatabase } from './db/database.js';
import { createTestContext, type TestContext } from './test/harness.js';
import { demoLogin, postJson, processStarts, removeServerWorkDirs, startServerProcess, type ServerProcess } from './test/server-process.js';

/**
 * Issue 31.5: settings a fleet can trust. A process started with another app-role password stops and says so
 * instead of locking the running ones out; an external database wants the shared secrets given; any secret may come
 * from a file; migrations may run apart, and a process refuses a database behind its version.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);

interface Kept {
  jwtSecret: string;
  totpEncryptionKey: string;
  databaseAppPassword: string;
  embeddedPassword: string;
}

let first: ServerProcess;
let kept: Kept;
let ownerUrl: string;
beforeAll(async () => {
  first = await startServerProcess({ DEMO_DATA: 'true' });
  await first.printed('Portal ready on');
  kept = JSON.parse(await readFile(path.join(first.dataDir, 'secrets.json'), 'utf8')) as Kept;
  ownerUrl = `postgres://postgres:${encodeURIComponent(kept.embeddedPassword)}@127.0.0.1:${first.env.EMBEDDED_PG_PORT}/portal`;
}, 120_000);
afterAll(async () => {
  await first?.stop();
  await removeServerWorkDirs();
});

/** A call of the customers' door with `token` on `server`: its status. */
const listRequests = async (server: ServerProcess, token: string) =>
  (await postJson(`${server.url}${myRequestCalls.getMyRequestTable.path}`, { sortBy: 'receivedAt', descending: true, page: 1, rowsPerPage: 5, search: '' }, token)).status;

/** The process still serves: a demo login, and a call with its token. */
async function stillServes(server: ServerProcess = first) {
  const token = await demoLogin(server, 'beheer@apotheekdelinde.example');
  expect(await listRequests(server, token), server.output()).toBe(200);
}

const fleetEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  DATABASE_URL: ownerUrl,
  JWT_SECRET: kept.jwtSecret,
  TOTP_ENCRYPTION_KEY: kept.totpEncryptionKey,
  DATABASE_APP_PASSWORD: kept.databaseAppPassword,
  DEMO_DATA: 'false',
  ...extra,
});

describe('a second process on the same database', () => {
  it('with another app-role password stops with the reason, and the running one goes on serving', async () => {
    const second = await startServerProcess(fleetEnv({ DATABASE_APP_PASSWORD: 'een-ander-wachtwoord-van-de-nieuwe' }));
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Start failed: The database refuses portal_app with the password this process was given');
    expect(second.output()).not.toMatch(/\n\s+at /);
    await stillServes();
  }, processStarts(1));

  it('with the fleet’s secrets from files serves the sessions of the first', async () => {
    const dir = first.dataDir;
    await writeFile(path.join(dir, 'jwt'), `${kept.jwtSecret}\n`);
    await writeFile(path.join(dir, 'totp'), kept.totpEncryptionKey);
    await writeFile(path.join(dir, 'app'), `${kept.databaseAppPassword}\n`);
    const second = await startServerProcess({
      DATABASE_URL: ownerUrl,
      JWT_SECRET_FILE: path.join(dir, 'jwt'),
      TOTP_ENCRYPTION_KEY_FILE: path.join(dir, 'totp'),
      DATABASE_APP_PASSWORD_FILE: path.join(dir, 'app'),
      DEMO_DATA: 'false',
      MIGRATE_ON_START: 'false',
    });
    try {
      await second.printed('Portal ready on');
      const token = await demoLogin(first, 'beheer@apotheekdelinde.example');
      expect(await listRequests(second, token), second.output()).toBe(200);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, processStarts(1));

  it('with an external database but without the shared secrets does not start', async () => {
    const second = await startServerProcess({ DATABASE_URL: ownerUrl, DATABASE_APP_PASSWORD: kept.databaseAppPassword, DEMO_DATA: 'false' });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('every API process must be given the same JWT_SECRET and TOTP_ENCRYPTION_KEY');
  }, processStarts(1));

  it('with DATABASE_APP_URL alone serves without any owner credentials, and wants the migrations run apart', async () => {
    const appUrl = `postgres://portal_app:${encodeURIComponent(kept.databaseAppPassword)}@127.0.0.1:${first.env.EMBEDDED_PG_PORT}/portal`;
    const shared = { DATABASE_APP_URL: appUrl, JWT_SECRET: kept.jwtSecret, TOTP_ENCRYPTION_KEY: kept.totpEncryptionKey, DEMO_DATA: 'false' };
    const migrating = await startServerProcess(shared);
    expect(await migrating.exited).toBe(1);
    expect(migrating.output()).toContain('Without DATABASE_URL a process needs DATABASE_APP_URL and MIGRATE_ON_START=false');
    const serving = await startServerProcess({ ...shared, MIGRATE_ON_START: 'false' });
    try {
      await serving.printed('Portal ready on');
      expect(serving.output()).toContain('No owner connection: serving requests only');
      await stillServes(serving);
    } finally {
      expect(await serving.stop()).toBe(0);
    }
  }, processStarts(2));

  it('rotate-app-password sets a new password for all: kept for the data folder, the old one refused to a new process', async () => {
    const cli = await run(process.execPath, ['--import', 'tsx', path.join(here, 'cli.ts'), 'rotate-app-password'], {
      env: { ...process.env, ...first.env, DATABASE_URL: ownerUrl },
    });
    expect(cli.stdout).toContain('Het wachtwoord van portal_app is gewijzigd en bewaard in DATA_DIR/secrets.json');
    const rotated = (JSON.parse(await readFile(path.join(first.dataDir, 'secrets.json'), 'utf8')) as Kept).databaseAppPassword;
    expect(rotated).not.toBe(kept.databaseAppPassword);
    const old = await startServerProcess(fleetEnv());
    expect(await old.exited).toBe(1);
    const renewed = await startServerProcess(fleetEnv({ DATABASE_APP_PASSWORD: rotated }));
    try {
      await renewed.printed('Portal ready on');
      await stillServes(renewed);
    } finally {
      await renewed.stop();
    }
  }, processStarts(3));
});

describe('migrations run apart', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('a process that does not migrate refuses a database behind its version, naming the command', async () => {
    const url = String(ctx.database.ownerPool.options.connectionString);
    const owner = new pg.Client({ connectionString: url });
    await owner.connect();
    await owner.query('delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)');
    await owner.end();
    const opening = openDatabase({ ownerUrl: url, appPassword: 'portal-app-test-password', poolSize: 1, log: { info: () => undefined, warn: () => undefined, error: () => undefined }, migrate: false });
    await expect(opening).rejects.toThrow(StartRefused);
    await expect(opening).rejects.toThrow(/lacks 1 migration\(s\) of this version \(0\d{3}_\w+\): run `npm run portal -- migrate` first/);
  });
});

describe('a secret from a file', () => {
  it('is read without its line break; set twice or unreadable, the start stops naming the setting', async () => {
    const file = path.join(first.dataDir, 'jwt-secret');
    await writeFile(file, 'een-geheim-uit-een-bestand-van-ruim-32-tekens\n');
    expect(loadConfig({ JWT_SECRET_FILE: file }).JWT_SECRET).toBe('een-geheim-uit-een-bestand-van-ruim-32-tekens');
    expect(() => loadConfig({ JWT_SECRET_FILE: file, JWT_SECRET: 'ook' })).toThrow('JWT_SECRET: set both JWT_SECRET and JWT_SECRET_FILE; give one');
    expect(() => loadConfig({ DATABASE_APP_PASSWORD_FILE: path.join(first.dataDir, 'ontbreekt') })).toThrow('DATABASE_APP_PASSWORD_FILE: cannot read it (ENOENT)');
  });
});
