import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The login of the request-serving role portal_app, and the migration level, as a fleet needs them (decision
 * 0095): a starting process gives the role its password only when the role has none yet (it was just made by the
 * migrations), never again, so that a process started with another password cannot lock out the running ones; it
 * stops instead, saying so. A new password for all is set on purpose, by `portal rotate-app-password`.
 */

export const APP_ROLE = 'portal_app';

/** Why a process cannot start against this database: said as it is, without a stack. */
export class StartRefused extends Error {}

/**
 * Sets the app role's password. Roles belong to the whole cluster, while the migration lock is per database: two
 * databases of one cluster migrated at once (the test files do) can race on the role's row, which PostgreSQL
 * reports as 'tuple concurrently updated'; that attempt is simply repeated.
 */
export async function setAppRolePassword(client: pg.ClientBase, password: string): Promise<void> {
  const statement = `alter role ${APP_ROLE} login password ${client.escapeLiteral(password)}`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await client.query(statement);
      return;
    } catch (error) {
      const concurrent = /tuple concurrently updated/i.test(String((error as Error).message));
      if (!concurrent || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/** Gives the app role its login and password when it has none yet; answers whether it did. */
export async function giveFirstAppLogin(client: pg.ClientBase, password: string): Promise<boolean> {
  const role = await client.query<{ rolcanlogin: boolean }>('select rolcanlogin from pg_roles where rolname = $1', [APP_ROLE]);
  if (role.rows[0]?.rolcanlogin) return false;
  await setAppRolePassword(client, password);
  return true;
}

/**
 * Opens one connection of the app pool, so that a wrong password stops the start with its reason instead of
 * answering every request with a 500.
 */
export async function checkAppLogin(pool: pg.Pool, given: 'derived' | 'url'): Promise<void> {
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    const code = (error as { code?: string }).code;
    // 28P01: wrong password; 28000: the role may not log in.
    if (code !== '28P01' && code !== '28000') throw error;
    throw new StartRefused(
      given === 'url'
        ? `DATABASE_APP_URL is refused by the database (${(error as Error).message}).`
        : `The database refuses ${APP_ROLE} with the password this process was given (DATABASE_APP_PASSWORD, or the one kept in DATA_DIR/secrets.json): ` +
            'another process set the role up with another one. Give this process the password the others use, or set a new one for all ' +
            'with `npm run portal -- rotate-app-password` and restart them with it.',
    );
  }
}

interface JournalEntry {
  tag: string;
  when: number;
}

function journal(migrationsFolder: string): JournalEntry[] {
  return (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
}

/** The migrations of this version that the database has not had yet (as drizzle's migrator decides it). */
export async function pendingMigrations(client: pg.ClientBase, migrationsFolder: string): Promise<string[]> {
  const table = await client.query<{ exists: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  const last = table.rows[0]?.exists
    ? Number((await client.query<{ at: string | null }>('select max(created_at)::text as at from drizzle.__drizzle_migrations')).rows[0]?.at ?? 0)
    : 0;
  return journal(migrationsFolder)
    .filter((entry) => entry.when > last)
    .map((entry) => entry.tag);
}

/** The newest migration of this version: what `migrate` brings a database to. */
export function newestMigration(migrationsFolder: string): string {
  return journal(migrationsFolder).at(-1)?.tag ?? '';
}

/** Sets a new password for the app role (`portal rotate-app-password`), as the owner. */
export async function rotateAppPassword(ownerUrl: string, password: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await setAppRolePassword(client, password);
  } finally {
    await client.end();
  }
}
