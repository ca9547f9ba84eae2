import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { accounts } from '../../db/schema.js';
import { login } from '../../test/auth-helpers.js';
import { createAccount, createCustomer, createTestContext, testAppConfig, type TestContext } from '../../test/harness.js';
import { backup, readManifest, restore } from './backup.js';
import { pgTool, serverMajor, toolFolders } from './pg-tools.js';

let ctx: TestContext;
let scratch: string;
let major: number;
/** pg_dump and pg_restore of the server's major version, where this machine has them */
let tools: boolean;

const ownerUrl = () => ctx.database.ownerPool.options.connectionString!;

beforeAll(async () => {
  ctx = await createTestContext();
  scratch = await mkdtemp(path.join(os.tmpdir(), 'portal-backup-'));
  major = await serverMajor(ownerUrl());
  const folders = await toolFolders(major);
  tools = await Promise.all([pgTool('pg_dump', major, folders), pgTool('pg_restore', major, folders)]).then(
    () => true,
    (error: Error) => {
      console.warn(`backup round trip not run here: ${error.message}`);
      return false;
    },
  );
});
afterAll(async () => {
  await ctx?.close();
  await rm(scratch, { recursive: true, force: true });
});

/** A program that answers `--version` as PostgreSQL's of that major would. */
async function fakeTool(folder: string, program: string, version: string) {
  const file = path.join(folder, program);
  await writeFile(file, `#!/bin/sh\necho "${program} (PostgreSQL) ${version}"\n`);
  await chmod(file, 0o755);
  return file;
}

async function manifestFolder(name: string, tag: string, count: number) {
  const folder = path.join(scratch, name);
  const { mkdir } = await import('node:fs/promises');
  await mkdir(folder);
  await writeFile(path.join(folder, 'manifest.json'), JSON.stringify({ format: 1, createdAt: new Date().toISOString(), migration: { tag, count }, serverVersion: '17', roles: [], secrets: false }));
  return folder;
}

describe('backup and restore', () => {
  it("uses pg_dump and pg_restore of the server's major version only, and says what to install", async () => {
    const folder = await mkdtemp(path.join(scratch, 'bin-'));
    await fakeTool(folder, 'pg_dump', '15.18');
    await expect(pgTool('pg_dump', 17, [folder])).rejects.toThrow(/pg_dump van PostgreSQL 17 is niet gevonden \(wel: .*pg_dump \(15\)\).*postgresql-client-17/);
    const other = await mkdtemp(path.join(scratch, 'bin-'));
    const right = await fakeTool(other, 'pg_dump', '17.4');
    expect(await pgTool('pg_dump', 17, [folder, other])).toBe(right);
  });

  it('refuses a database that holds data unless --force, a backup of a later version, and a folder in use', async () => {
    const journal = JSON.parse(await readFile(path.resolve(import.meta.dirname, '../../../drizzle/meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const newest = journal.entries.at(-1)!.tag;
    const current = await manifestFolder('current', newest, journal.entries.length);
    await expect(restore(current, { ownerUrl: ownerUrl(), dataDir: scratch, force: false, appPasswordFromSecrets: false })).rejects.toThrow(
      'De database is niet leeg: herstel in een lege database, of geef --force om haar eerst leeg te maken.',
    );
    const later = await manifestFolder('later', '9999_of_a_later_version', journal.entries.length + 1);
    await expect(readManifest(later)).rejects.toThrow(/De back-up heeft migratie 9999_of_a_later_version, die deze versie niet kent/);
    await expect(readManifest(scratch)).rejects.toThrow(/geen back-up van het portaal: manifest.json ontbreekt/);
    await expect(backup(current, { ownerUrl: ownerUrl(), dataDir: scratch })).rejects.toThrow(/bestaat al en is niet leeg/);
  });

  it('round trip: data written, backup, a new empty database, restore, the data and the logins back', async ({ skip }) => {
    if (!tools) skip(`no pg_dump/pg_restore of PostgreSQL ${major} on this machine`);
    const customer = await createCustomer(ctx, 'Apotheek De Hersteller');
    const account = await createAccount(ctx, customer, { emailAddress: 'terug@hersteller.test' });
    const dataDir = path.join(scratch, 'data');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(dataDir);
    await writeFile(path.join(dataDir, 'secrets.json'), JSON.stringify({ jwtSecret: 'j'.repeat(43), databaseAppPassword: 'portal-app-test-password', embeddedPassword: 'of-the-old-cluster' }));
    const folder = path.join(scratch, 'backup');
    const made = await backup(folder, { ownerUrl: ownerUrl(), dataDir });
    expect(made.secrets).toBe(true);
    expect(JSON.parse(await readFile(path.join(folder, 'secrets.json'), 'utf8'))).not.toHaveProperty('embeddedPassword');

    const target = new URL(ownerUrl());
    const name = `portal_restored_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: target.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    target.pathname = `/${name}`;
    const newDataDir = path.join(scratch, 'new-data');
    await mkdir(newDataDir);
    await writeFile(path.join(newDataDir, 'secrets.json'), JSON.stringify({ embeddedPassword: 'of-the-new-cluster' }));
    const outcome = await restore(folder, { ownerUrl: target.toString(), dataDir: newDataDir, force: false, appPasswordFromSecrets: true });
    expect(outcome.manifest.migration).toEqual(made.migration);
    expect(JSON.parse(await readFile(path.join(newDataDir, 'secrets.json'), 'utf8'))).toMatchObject({ jwtSecret: 'j'.repeat(43), embeddedPassword: 'of-the-new-cluster' });

    const restored = await openDatabase({ ownerUrl: target.toString(), appPassword: 'portal-app-test-password', poolSize: 2, log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
    try {
      const [row] = await restored.ownerDb.select().from(accounts).where(eq(accounts.id, account.id));
      expect(row?.emailAddress).toBe('terug@hersteller.test');
      const app = await buildApp({ config: testAppConfig, database: restored, secrets: { jwtSecret: ctx.jwtSecret, totpEncryptionKey: ctx.totpKey } });
      await app.ready();
      try {
        expect((await login({ ...ctx, app, database: restored }, account)).accessToken).toBeTruthy();
      } finally {
        await app.close();
      }
    } finally {
      await restored.close();
    }
  });
});
