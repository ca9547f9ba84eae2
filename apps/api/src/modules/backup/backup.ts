import { execFile } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { setAppRolePassword } from '../../db/app-role.js';
import { migrationsFolder } from '../../db/database.js';
import { pgTool, serverMajor, toolFolders, withoutPassword } from './pg-tools.js';

const run = promisify(execFile);

/** The format of a backup folder; a restore refuses another. */
export const BACKUP_FORMAT = 1;
const DUMP = 'database.dump';
const SECRETS = 'secrets.json';
const MANIFEST = 'manifest.json';

/** A database role the dump's grants and policies name, and the roles it may switch to (SET ROLE). */
interface RoleOfBackup {
  name: string;
  memberOf: { role: string; inherit: boolean; set: boolean }[];
}

export interface BackupManifest {
  format: number;
  /** when the dump began */
  createdAt: string;
  /** the newest migration the database had, and how many */
  migration: { tag: string; count: number };
  serverVersion: string;
  /** roles belong to the cluster, not to the dump: made on the restoring cluster when missing */
  roles: RoleOfBackup[];
  /** whether the folder holds the portal's secrets (DATA_DIR/secrets.json, less the embedded cluster's own password) */
  secrets: boolean;
}

export interface BackupSettings {
  ownerUrl: string;
  dataDir: string;
  /** where pg_dump and pg_restore are looked for; default toolFolders */
  folders?: (major: number) => Promise<string[]>;
}

const journalTags = async () =>
  (JSON.parse(await readFile(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] }).entries;

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function migrationLevel(client: pg.Client): Promise<BackupManifest['migration']> {
  const { rows } = await client.query<{ count: number; last: string | null }>(
    `select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const entry = (await journalTags()).find((e) => String(e.when) === rows[0]?.last);
  return { tag: entry?.tag ?? `unknown (${rows[0]?.last})`, count: rows[0]?.count ?? 0 };
}

async function portalRoles(client: pg.Client): Promise<RoleOfBackup[]> {
  const { rows } = await client.query<{ name: string; member_of: RoleOfBackup['memberOf'] | null }>(`
    select r.rolname as name,
      (select json_agg(json_build_object('role', g.rolname, 'inherit', m.inherit_option, 'set', m.set_option) order by g.rolname)
       from pg_auth_members m join pg_roles g on g.oid = m.roleid where m.member = r.oid) as member_of
    from pg_roles r where r.rolname like 'portal\\_%' order by r.rolname`);
  return rows.map((row) => ({ name: row.name, memberOf: row.member_of ?? [] }));
}

async function isEmptyFolder(folder: string): Promise<boolean> {
  return readdir(folder).then(
    (entries) => entries.length === 0,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return true;
      throw error;
    },
  );
}

/**
 * `portal backup FOLDER`: the database in PostgreSQL's custom format (pg_dump -Fc, by the programs of the server's
 * major version), the portal's secrets when it keeps them in DATA_DIR, and a manifest. Answers the manifest.
 */
export async function backup(folder: string, settings: BackupSettings): Promise<BackupManifest> {
  if (!(await isEmptyFolder(folder))) throw new Error(`${folder} bestaat al en is niet leeg: kies een nieuwe map.`);
  const major = await serverMajor(settings.ownerUrl);
  const pgDump = await pgTool('pg_dump', major, await (settings.folders ?? toolFolders)(major));
  const createdAt = new Date().toISOString();
  const facts = await withClient(settings.ownerUrl, async (client) => ({
    migration: await migrationLevel(client),
    serverVersion: (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v,
    roles: await portalRoles(client),
  }));
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const { dbname, env } = withoutPassword(settings.ownerUrl);
  await run(pgDump, ['--format=custom', `--file=${path.join(folder, DUMP)}`, `--dbname=${dbname}`], { env, maxBuffer: 16 * 1024 * 1024 });
  const stored = await readFile(path.join(settings.dataDir, SECRETS), 'utf8').then(
    (text) => JSON.parse(text) as Record<string, string>,
    () => null,
  );
  if (stored) {
    // The embedded cluster's superuser password is that cluster's own: a restore keeps the restoring one's.
    const { embeddedPassword: _own, ...portal } = stored;
    await writeFile(path.join(folder, SECRETS), `${JSON.stringify(portal, null, 2)}\n`, { mode: 0o600 });
  }
  const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt, ...facts, secrets: stored !== null };
  await writeFile(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  await chmod(folder, 0o700);
  return manifest;
}

/** The manifest of a backup folder, checked against this version: a backup of a later version is refused. */
export async function readManifest(folder: string): Promise<BackupManifest> {
  const text = await readFile(path.join(folder, MANIFEST), 'utf8').catch(() => {
    throw new Error(`${folder} is geen back-up van het portaal: ${MANIFEST} ontbreekt.`);
  });
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`Onbekend back-upformaat ${manifest.format} (deze versie leest ${BACKUP_FORMAT}).`);
  const known = await journalTags();
  if (manifest.migration.count > known.length || !known.some((e) => e.tag === manifest.migration.tag)) {
    throw new Error(`De back-up heeft migratie ${manifest.migration.tag}, die deze versie niet kent: herstel met de versie die hem maakte, of een nieuwere.`);
  }
  return manifest;
}

/** Whether the database holds anything of the portal (a table of its own, or its migrations). */
async function holdsData(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'S', 'v', 'm')`,
  );
  return (rows[0]?.n ?? 0) > 0;
}

export interface RestoreOutcome {
  manifest: BackupManifest;
  /** the secrets were written to DATA_DIR/secrets.json (the earlier file kept beside it) */
  secretsRestored: boolean;
}

/**
 * `portal restore FOLDER [--force]`: checks the manifest, refuses a database that holds anything unless `force`
 * (which empties it first), makes the portal's roles the cluster lacks, restores the dump (pg_restore of the
 * server's major version), and writes the secrets back to DATA_DIR, keeping the restoring cluster's own password.
 * `appPasswordFromSecrets`: the app role's password comes from secrets.json, so the restored one is given to the role.
 */
export async function restore(folder: string, settings: BackupSettings & { force: boolean; appPasswordFromSecrets: boolean }): Promise<RestoreOutcome> {
  const manifest = await readManifest(folder);
  const secrets = manifest.secrets ? (JSON.parse(await readFile(path.join(folder, SECRETS), 'utf8')) as Record<string, string>) : null;
  const full = await withClient(settings.ownerUrl, holdsData);
  if (full && !settings.force) throw new Error('De database is niet leeg: herstel in een lege database, of geef --force om haar eerst leeg te maken.');
  const major = await serverMajor(settings.ownerUrl);
  const pgRestore = await pgTool('pg_restore', major, await (settings.folders ?? toolFolders)(major));
  await withClient(settings.ownerUrl, async (client) => {
    if (full) {
      await client.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public');
    }
    const existing = new Set((await client.query<{ rolname: string }>('select rolname from pg_roles')).rows.map((r) => r.rolname));
    for (const role of manifest.roles) {
      if (!existing.has(role.name)) await client.query(`create role ${client.escapeIdentifier(role.name)} nologin nosuperuser nobypassrls nocreatedb nocreaterole`);
    }
    for (const role of manifest.roles) {
      for (const of of role.memberOf) {
        await client.query(`grant ${client.escapeIdentifier(of.role)} to ${client.escapeIdentifier(role.name)} with inherit ${of.inherit}, set ${of.set}`);
      }
    }
  });
  const { dbname, env } = withoutPassword(settings.ownerUrl);
  await run(pgRestore, ['--exit-on-error', '--no-owner', `--dbname=${dbname}`, path.join(folder, DUMP)], { env, maxBuffer: 16 * 1024 * 1024 });
  if (!secrets) return { manifest, secretsRestored: false };
  const file = path.join(settings.dataDir, SECRETS);
  const current = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as Record<string, string>,
    () => null,
  );
  await mkdir(settings.dataDir, { recursive: true });
  if (current) await rename(file, `${file}.voor-herstel-${manifest.createdAt.replace(/[:.]/g, '-')}`);
  const embeddedPassword = current?.embeddedPassword;
  await writeFile(file, `${JSON.stringify({ ...secrets, ...(embeddedPassword ? { embeddedPassword } : {}) }, null, 2)}\n`, { mode: 0o600 });
  if (settings.appPasswordFromSecrets && secrets.databaseAppPassword) {
    await withClient(settings.ownerUrl, (client) => setAppRolePassword(client, secrets.databaseAppPassword!));
  }
  return { manifest, secretsRestored: true };
}
