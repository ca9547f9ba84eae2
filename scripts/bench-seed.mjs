// How quickly the large data set is made (`npm run bench:seed`): seed:large on a fresh embedded cluster in a
// folder of its own, which is removed afterwards. It prints the time and rows of every step, and the rows per
// second of the whole. SEED_LARGE_FACTOR scales the set (0.1 unless set: 200,000 packing orders); port
// PostgreSQL 54510 (BENCH_PG_PORT). A test holds that the generator stays set-based; this measures its speed.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib/bundle-api.mjs';

const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-seed-'));
// As root, PostgreSQL runs as the postgres user: it must enter the folder, or the cluster moves out of it.
await chmod(dir, 0o755);
const env = {
  ...process.env,
  DATA_DIR: path.join(dir, 'data'),
  EMBEDDED_PG_PORT: String(Number(process.env.BENCH_PG_PORT ?? 54510)),
  SEED_LARGE_FACTOR: process.env.SEED_LARGE_FACTOR ?? '0.1',
};
delete env.DATABASE_URL;
delete env.DATABASE_APP_URL;

const lines = [];
const started = performance.now();
const code = await new Promise((resolve) => {
  const child = spawn(process.execPath, [path.join(root, 'scripts/seed-large.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text) => {
    process.stdout.write(text);
    lines.push(...text.split('\n'));
  });
  child.on('exit', (exitCode) => resolve(exitCode ?? 1));
});
const seconds = (performance.now() - started) / 1000;
await rm(dir, { recursive: true, force: true });
if (code !== 0) process.exit(code);

// The steps' lines read "  <step>  <rows> rows  <seconds> s".
const rows = lines.map((line) => /([\d,]+) rows/.exec(line)?.[1]).filter(Boolean).reduce((sum, n) => sum + Number(n.replaceAll(',', '')), 0);
console.log(`\nSEED_LARGE_FACTOR=${env.SEED_LARGE_FACTOR}: ${rows.toLocaleString('en')} rows in ${seconds.toFixed(1)} s (with bundling and the cluster's start and stop), ${Math.round(rows / seconds).toLocaleString('en')} rows/s`);
