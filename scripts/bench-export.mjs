// `npm run bench:export`: the memory of the API process while it streams a large export (issue 14).
//
// Starts the built server on a fresh embedded database with the demo data, gives the demo customer 100,000 more
// packing orders in steps (25,000, 100,000 and 400,000 in all), and exports them at each step (CSV and Excel, a
// fast reader and a slow one) while it samples the server process's resident memory (VmRSS) every 20 ms.
// Streaming holds a few batches of rows at a time: the growth should stay the same from step to step while the
// file grows sixteenfold. The server runs with a 128 MB old-space limit (EXPORT_NODE_FLAGS to change): without
// one V8 lets the heap grow with garbage before it collects, and the resident memory says more about the
// collector's pace than about what the export holds (the figures with and without the limit are in
// docs/benchmarks.md). Ports: HTTP 3217 and PostgreSQL 54517.
// EXPORT_STEPS (default 25000,100000,400000).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { root } from './lib/bundle-api.mjs';
import { ensureBuild, waitForHealth } from './lib/bench-data.mjs';

const port = 3217;
const pgPort = 54517;
const base = `http://127.0.0.1:${port}`;
const steps = (process.env.EXPORT_STEPS ?? '25000,100000,400000').split(',').map(Number);

ensureBuild();
const dataParent = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-export-'));
await chmod(dataParent, 0o755);
const dataDir = path.join(dataParent, 'data');
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(pgPort),
  LOG_LEVEL: 'error',
  DEMO_DATA: 'true',
};
delete env.DATABASE_URL;
const nodeFlags = (process.env.EXPORT_NODE_FLAGS ?? '--max-old-space-size=128').split(' ').filter(Boolean);
const server = spawn(process.execPath, [...nodeFlags, path.join(root, 'apps/api/dist/server.js')], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });

/** Resident memory of the server process in MB. */
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function login(emailAddress, password) {
  const res = await fetch(`${base}/api/portal/Authentication/LoginWithCredentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailAddress, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return (await res.json()).accessToken;
}

/** One export read to its end; `pauseMs` after every 64 KiB makes a slow client (backpressure). */
async function measure(token, format, pauseMs) {
  const samples = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      samples.push(rssMb());
      await sleep(20);
    }
  })();
  const before = rssMb();
  const started = performance.now();
  const res = await fetch(`${base}/api/portal/Export/PackingOrders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'identity' },
    body: JSON.stringify({ format }),
  });
  if (!res.ok) throw new Error(`export failed: ${res.status} ${await res.text()}`);
  const rows = Number(res.headers.get('x-export-rows'));
  let bytes = 0;
  let sincePause = 0;
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    sincePause += chunk.byteLength;
    if (pauseMs && sincePause >= 65_536) {
      sincePause = 0;
      await sleep(pauseMs);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  const peak = Math.max(before, ...samples);
  return { format, reader: pauseMs ? `slow (${pauseMs} ms per 64 KiB)` : 'fast', rows, seconds, fileMb: bytes / 1048576, before, peak };
}

try {
  await waitForHealth(server, base);
  const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8'));
  const owner = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(secrets.embeddedPassword)}@127.0.0.1:${pgPort}/portal` });
  await owner.connect();
  const token = await login('beheer@apotheekdelinde.example', 'Medicijnrol#2026');
  const results = [];
  let inserted = 0;
  for (const step of steps) {
    await owner.query(
      `insert into packing_orders (client_id, facility_id, patient_count, bag_count, reel_status, order_date)
       select f.client_id, f.id, 1 + n % 40, 7 * (1 + n % 40), (array['Received','InProduction','Packed','Shipped','Delivered'])[1 + n % 5], date '2020-01-01' + (n % 2500)
       from generate_series(1, $1::int) n,
         (select f.client_id, f.id from facilities f join clients c on c.id = f.client_id where c.client_code = 'APO-1001' order by f.id limit 1) f`,
      [step - inserted],
    );
    inserted = step;
    await owner.query('analyze packing_orders');
    // A first export at each step warms the code paths and the database's cache.
    await measure(token, 'Csv', 0);
    await sleep(500);
    for (const [format, pause] of [
      ['Csv', 0],
      ['Xlsx', 0],
      ['Csv', 20],
    ]) {
      results.push(await measure(token, format, pause));
      await sleep(500);
    }
  }
  await owner.end();
  const mb = (n) => n.toFixed(1).padStart(7);
  console.log(`\nExports of the demo customer's packing orders, API process memory (VmRSS):\n`);
  console.log('format | reader                 |    rows |  seconds | rows/s  | file MB | RSS before | RSS peak | growth MB | growth / file');
  console.log('-------|------------------------|---------|----------|---------|---------|------------|----------|-----------|--------------');
  for (const r of results) {
    const growth = r.peak - r.before;
    console.log(
      `${r.format.padEnd(6)} | ${r.reader.padEnd(22)} | ${String(r.rows).padStart(7)} | ${r.seconds.toFixed(2).padStart(8)} | ${String(Math.round(r.rows / r.seconds)).padStart(7)} | ${mb(r.fileMb)} | ${mb(r.before)}    | ${mb(r.peak)}  | ${mb(growth)}   | ${(growth / r.fileMb).toFixed(2)}`,
    );
  }
  console.log(`\nServer flags: ${nodeFlags.join(' ') || '(none)'}. Growth is the peak over the memory before the export;`);
  console.log('a file held in memory would grow it by at least the file (17 MB of CSV at 400,000 rows).');
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataParent, { recursive: true, force: true });
}
