import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { e2eEnv } from './env.js';

/**
 * Reads the portal's own database of this run (the embedded PostgreSQL that global-setup.ts started, with the
 * owner password the server made for it in the run's data folder), to check what a screen stored. Read only.
 */
export async function queryPortalDb<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const secrets = JSON.parse(await readFile(path.join(e2eEnv.workDir, 'data', 'secrets.json'), 'utf8')) as {
    embeddedPassword: string;
  };
  const client = new pg.Client({
    host: '127.0.0.1',
    port: e2eEnv.pgPort,
    user: 'postgres',
    password: secrets.embeddedPassword,
    database: 'portal',
  });
  await client.connect();
  try {
    await client.query('set default_transaction_read_only = on');
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
