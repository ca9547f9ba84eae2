// The benchmark's preparations: a current build, and the `large` data set built once and reused while the
// migrations and the data generator are unchanged.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { apiTools, builtApiTool, root } from './bundle-api.mjs';

const listFiles = (dir, keep) => readdirSync(dir, { recursive: true }).map((f) => path.join(dir, String(f))).filter(keep).sort();

/**
 * Builds when there is no build (the server, the web app and the benchmark's tools, which `npm run build` bundles so
 * that no bundler is needed here); warns when the server's measured code is newer than its build.
 */
export function ensureBuild() {
  const built = [path.join(root, 'apps/api/dist/server.js'), path.join(root, 'apps/web/dist/index.html'), ...Object.keys(apiTools).map(builtApiTool)];
  if (!built.every((file) => existsSync(file))) {
    console.log('No build found: npm run build');
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(1);
  }
  const builtAt = statSync(path.join(root, 'apps/api/dist/server.js')).mtimeMs;
  // The server's code, and the benchmark's tools built from it: its direct SQL and the data generator.
  const measured = (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !/[/\\]test[/\\]/.test(path.relative(root, f));
  const newer = listFiles(path.join(root, 'apps/api/src'), measured).filter((f) => statSync(f).mtimeMs > builtAt);
  if (newer.length) console.warn(`Note: apps/api/dist is older than ${newer.length} source file(s), e.g. ${path.relative(root, newer[0])}: run npm run build to measure them.`);
}

function digest(files) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(path.relative(root, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The large data set in cacheDir/data, built anew when asked (BENCH_REBUILD), missing, or made by other
 * migrations or another generator. Answers the data folder's secrets (the app role's password) and the
 * fingerprint of the migrations and the generator it was made by.
 */
export async function ensureLargeData({ cacheDir, pgPort }) {
  const dataDir = path.join(cacheDir, 'data');
  const stampFile = path.join(cacheDir, 'stamp.json');
  const fingerprint = {
    migrations: digest(listFiles(path.join(root, 'apps/api/drizzle'), (f) => f.endsWith('.sql') || f.endsWith('_journal.json'))),
    generator: digest(listFiles(path.join(root, 'apps/api/src/demo'), (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))),
  };
  const stamp = existsSync(stampFile) ? JSON.parse(readFileSync(stampFile, 'utf8')) : null;
  if (process.env.BENCH_REBUILD || !stamp || stamp.migrations !== fingerprint.migrations || stamp.generator !== fingerprint.generator) {
    const why = process.env.BENCH_REBUILD
      ? 'BENCH_REBUILD is set'
      : !stamp
        ? 'no cached data'
        : stamp.migrations !== fingerprint.migrations
          ? 'the migrations changed'
          : 'the data generator changed';
    console.log(`Building the large data set in ${cacheDir} (${why}); this takes a few minutes.`);
    await rm(cacheDir, { recursive: true, force: true });
    await mkdir(cacheDir, { recursive: true });
    // As root, PostgreSQL runs as the postgres user, who must be able to enter the folder.
    await chmod(cacheDir, 0o755);
    const env = { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) };
    delete env.DATABASE_URL;
    delete env.DATABASE_APP_URL;
    delete env.SEED_LARGE_FACTOR;
    // The generator as `npm run build` bundled it (scripts/seed-large.mjs bundles it anew, which needs esbuild).
    const seeded = spawnSync(process.execPath, [builtApiTool('seed-large')], { cwd: root, env, stdio: 'inherit' });
    if (seeded.status !== 0) process.exit(1);
    await writeFile(stampFile, JSON.stringify({ ...fingerprint, builtAt: new Date().toISOString() }, null, 2));
  } else {
    console.log(`Reusing the large data set in ${cacheDir} (built ${stamp.builtAt}; migrations and generator unchanged).`);
  }
  return { secrets: JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')), fingerprint };
}

/** Waits until the server answers /api/health (two minutes at most); fails at once when it has stopped. */
export async function waitForHealth(server, base) {
  for (let i = 0; i < 480; i += 1) {
    if (server.exitCode !== null) throw new Error('the server stopped while starting');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}
