import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../db/database.js';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { freePort } from './scratch-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** a database with every migration applied, which each test file's database is copied from */
    pgTemplate: string;
  }
}

const TEMPLATE = 'portal_test_template';

/**
 * Applies the migrations once, to a template database: a test file's database is then a copy of it (CREATE
 * DATABASE … TEMPLATE, a file copy) instead of fifteen migrations run again for each of ~60 files.
 */
async function migratedTemplate(adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE} with (force)`);
  await admin.query(`create database ${TEMPLATE}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${TEMPLATE}`;
  const silent = { info: () => undefined, warn: () => undefined, error: (o: unknown) => console.error(o) };
  const database = await openDatabase({ ownerUrl: url.toString(), appPassword: 'portal-app-test-password', poolSize: 1, log: silent });
  // No connection may stay open on a template while it is copied.
  await database.close();
  return TEMPLATE;
}

/**
 * One real PostgreSQL for the whole run (each test file makes its own database on it). With
 * TEST_DATABASE_URL set, that server is used instead: it needs a role that may create databases and roles.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgAdminUrl', process.env.TEST_DATABASE_URL);
    project.provide('pgTemplate', await migratedTemplate(process.env.TEST_DATABASE_URL));
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-pg-'));
  // As root the server runs as the postgres user, who must be able to enter the folder.
  await chmod(dir, 0o755);
  const password = randomBytes(12).toString('hex');
  const cluster = await startEmbeddedPostgres({
    dir: path.join(dir, 'data'),
    port: await freePort(),
    password,
    log: { info: () => undefined, debug: () => undefined, error: (m) => console.error(m) },
  });
  project.provide('pgAdminUrl', cluster.urlFor('postgres'));
  project.provide('pgTemplate', await migratedTemplate(cluster.urlFor('postgres')));
  return async () => {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
