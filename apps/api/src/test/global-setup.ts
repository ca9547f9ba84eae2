import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { freePort } from './scratch-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run (each test file makes its own database on it). With
 * TEST_DATABASE_URL set, that server is used instead: it needs a role that may create databases and roles.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgAdminUrl', process.env.TEST_DATABASE_URL);
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
  return async () => {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
