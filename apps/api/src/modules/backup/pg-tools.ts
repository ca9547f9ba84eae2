import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { pgPrograms } from '../../db/pg-binaries.js';
import { bundledClientFolder } from './bundled-client.js';

const run = promisify(execFile);

/** The major version of the server behind `url` (17 for 17.4). */
export async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ num: string }>("select current_setting('server_version_num') as num");
    return Math.floor(Number(rows[0]!.num) / 10_000);
  } finally {
    await client.end();
  }
}

/**
 * The folders a PostgreSQL client program of major `major` may be in: the embedded programs', Debian's, the PATH,
 * and last the development package's (bundled-client.ts), where neither the machine nor the embedded package has them.
 */
export async function toolFolders(major: number): Promise<string[]> {
  const embedded = await pgPrograms().then(
    (programs) => [path.join(programs.nativeDir, 'bin')],
    () => [],
  );
  const bundled = await bundledClientFolder(major).then(
    (folder) => (folder ? [folder] : []),
    () => [],
  );
  return [...embedded, `/usr/lib/postgresql/${major}/bin`, ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...bundled];
}

/**
 * `program` (pg_dump, pg_restore) of the server's major version: an older one cannot read the server's catalog and
 * a newer one writes archives the server's own programs may not read. The first found in `folders` whose
 * `--version` names that major; none: an error that says what to install.
 */
export async function pgTool(program: 'pg_dump' | 'pg_restore', major: number, folders: string[]): Promise<string> {
  const seen: string[] = [];
  for (const folder of folders) {
    const candidate = path.join(folder, program);
    if (!existsSync(candidate)) continue;
    const { stdout } = await run(candidate, ['--version']).catch(() => ({ stdout: '' }));
    const found = /\(PostgreSQL\) (\d+)/.exec(stdout)?.[1];
    if (Number(found) === major) return candidate;
    seen.push(`${candidate} (${found ?? '?'})`);
  }
  throw new Error(
    `${program} van PostgreSQL ${major} is niet gevonden${seen.length ? ` (wel: ${seen.join(', ')})` : ''}. ` +
      `Installeer de clientprogramma's van PostgreSQL ${major} (Debian: postgresql-client-${major}).`,
  );
}

/** A libpq connection without its password (given in PGPASSWORD instead, so it shows in no process list). */
export function withoutPassword(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}
