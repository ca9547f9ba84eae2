// `npm run bench:import`: how fast the provider's data comes in (issue 11). On a fresh embedded database it
// loads BENCH_IMPORT_ORDERS packing orders (default 1,000,000) and BENCH_IMPORT_PATIENTS patients (default
// 200,000) of one customer with 100 departments three ways, each into an emptied table:
//   COPY – a plain server-side COPY of the same rows into the same table (the floor: no validation, no upsert);
//   API  – POST /api/integration/v1/<kind> with the rows as an NDJSON stream, through the built server;
//   CLI  – npm run portal -- import <kind> <file.ndjson>.
// It prints rows per second, the API's and the CLI's share of COPY's rate, and the API process's peak memory
// (VmHWM), and writes bench-results/bench-import-<time>.json. Targets: 1,000,000 packing orders in under 60 s
// through the API, at least half of COPY's rate, the API under 300 MB.
// Ports: HTTP 3208, PostgreSQL 54508 (BENCH_PORT, BENCH_PG_PORT).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, createWriteStream, mkdtempSync, readFileSync, rmSync, createReadStream, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { root } from './lib/bundle-api.mjs';
import { ensureBuild, waitForHealth } from './lib/bench-data.mjs';

const port = Number(process.env.BENCH_PORT ?? 3208);
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54508);
const ORDERS = Number(process.env.BENCH_IMPORT_ORDERS ?? 1_000_000);
const PATIENTS = Number(process.env.BENCH_IMPORT_PATIENTS ?? 200_000);
const DEPARTMENTS = 100;
const CUSTOMER = 'BENCH-0001';
const base = `http://127.0.0.1:${port}`;
const work = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-import-'));
// The database server reads the COPY file itself, as its own user (postgres when run as root).
chmodSync(work, 0o711);
const dataDir = path.join(work, 'data');
const cli = path.join(root, 'apps/api/dist/cli.js');
const env = { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', DEMO_DATA: 'false' };
delete env.DATABASE_URL;
delete env.DATABASE_APP_URL;

ensureBuild();
const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
const cleanup = () => {
  server.kill('SIGTERM');
};
process.on('exit', cleanup);

const peakMemoryMb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

async function writeLines(file, count, line) {
  const out = createWriteStream(file, { mode: 0o644 });
  for (let i = 0; i < count; i += 1) if (!out.write(line(i))) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

await waitForHealth(server, base);
const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
const owner = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(secrets.embeddedPassword)}@127.0.0.1:${pgPort}/portal` });
await owner.connect();

const created = spawnSync(process.execPath, [cli, 'create-integration', '--name', 'Bench ERP', '--scopes', 'all'], { cwd: root, env, encoding: 'utf8' });
if (created.status !== 0) throw new Error(created.stderr);
const clientId = /client_id:\s+(\S+)/.exec(created.stdout)?.[1];
const clientSecret = /client_secret:\s+(\S+)/.exec(created.stdout)?.[1];
const tokenResponse = await fetch(`${base}/api/integration/v1/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
});
const { access_token: token } = await tokenResponse.json();

async function post(kind, body, contentType = 'application/x-ndjson') {
  const response = await fetch(`${base}/api/integration/v1/${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
    duplex: 'half',
  });
  const summary = await response.json();
  if (!response.ok || summary.rejected) throw new Error(`${kind}: ${response.status} ${JSON.stringify(summary).slice(0, 500)}`);
  return summary;
}

await post('customers', JSON.stringify([{ code: CUSTOMER, name: 'Bench Zorggroep', kind: 'CareInstitution' }]), 'application/json');
await post('departments', JSON.stringify(Array.from({ length: DEPARTMENTS }, (_, i) => ({ customer: CUSTOMER, key: `D${i}`, name: `Afdeling ${i}` }))), 'application/json');
const { rows: [customer] } = await owner.query('select id from clients where client_code = $1', [CUSTOMER]);
const { rows: departments } = await owner.query('select id, external_key from facilities where client_id = $1', [customer.id]);
const departmentOf = new Map(departments.map((d) => [d.external_key, d.id]));

const statuses = ['Received', 'InProduction', 'Packed', 'Shipped', 'Delivered'];
const day = (i) => new Date(Date.UTC(2024, 0, 1) + (i % 1000) * 86_400_000).toISOString().slice(0, 10);
const kinds = {
  'packing-orders': {
    table: 'packing_orders',
    count: ORDERS,
    row: (i) => ({ customer: CUSTOMER, key: `PO-${i}`, department: `D${i % DEPARTMENTS}`, patientCount: 1 + (i % 40), bagCount: 7 * (1 + (i % 40)), status: statuses[i % 5], orderDate: day(i) }),
    copyColumns: 'client_id, facility_id, patient_count, bag_count, reel_status, order_date, external_key',
    csv: (r) => `${customer.id},${departmentOf.get(r.department)},${r.patientCount},${r.bagCount},${r.status},${r.orderDate},${r.key}\n`,
  },
  patients: {
    table: 'patients',
    count: PATIENTS,
    row: (i) => ({ customer: CUSTOMER, key: `P-${i}`, department: `D${i % DEPARTMENTS}`, firstName: `Voornaam${i % 997}`, lastName: `Achternaam${i % 1009}`, birthDate: day(i * 7) }),
    copyColumns: 'client_id, facility_id, first_name, last_name, birth_date, external_key',
    csv: (r) => `${customer.id},${departmentOf.get(r.department)},${r.firstName},${r.lastName},${r.birthDate},${r.key}\n`,
  },
};

const results = [];
for (const [kind, spec] of Object.entries(kinds)) {
  const ndjson = path.join(work, `${kind}.ndjson`);
  const csv = path.join(work, `${kind}.csv`);
  await writeLines(ndjson, spec.count, (i) => `${JSON.stringify(spec.row(i))}\n`);
  await writeLines(csv, spec.count, (i) => spec.csv(spec.row(i)));
  await owner.query(`truncate ${spec.table} cascade`);
  await owner.query('checkpoint');

  let started = performance.now();
  await owner.query(`copy ${spec.table} (${spec.copyColumns}) from '${csv}' (format csv)`);
  const copySeconds = (performance.now() - started) / 1000;
  await owner.query(`truncate ${spec.table} cascade`);
  await owner.query('checkpoint');

  const memoryBefore = peakMemoryMb(server.pid);
  started = performance.now();
  const summary = await post(kind, Readable.toWeb(createReadStream(ndjson)));
  const apiSeconds = (performance.now() - started) / 1000;
  const apiPeakMb = peakMemoryMb(server.pid);
  if (summary.inserted !== spec.count) throw new Error(`${kind}: API inserted ${summary.inserted} of ${spec.count}`);
  await owner.query(`truncate ${spec.table} cascade`);
  await owner.query('checkpoint');

  started = performance.now();
  const imported = spawnSync(process.execPath, [cli, 'import', kind, ndjson], { cwd: root, env, encoding: 'utf8' });
  const cliSeconds = (performance.now() - started) / 1000;
  if (imported.status !== 0) throw new Error(imported.stderr);

  const rate = (s) => Math.round(spec.count / s);
  results.push({
    kind,
    rows: spec.count,
    bytes: statSync(ndjson).size,
    copy: { seconds: copySeconds, rowsPerSecond: rate(copySeconds) },
    api: { seconds: apiSeconds, rowsPerSecond: rate(apiSeconds), shareOfCopy: copySeconds / apiSeconds, peakMemoryMb: apiPeakMb, memoryBeforeMb: memoryBefore },
    cli: { seconds: cliSeconds, rowsPerSecond: rate(cliSeconds), shareOfCopy: copySeconds / cliSeconds },
  });
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
console.log(`\nImport on ${os.cpus().length} CPUs (PostgreSQL, API and load on one machine)\n`);
console.log('kind            rows        COPY rows/s   API s    API rows/s  API/COPY  CLI s    CLI rows/s  CLI/COPY  API peak MB');
for (const r of results) {
  console.log(
    `${r.kind.padEnd(15)} ${fmt(r.rows).padStart(9)}  ${fmt(r.copy.rowsPerSecond).padStart(11)}  ${r.api.seconds.toFixed(1).padStart(6)}  ${fmt(r.api.rowsPerSecond).padStart(10)}  ${r.api.shareOfCopy.toFixed(2).padStart(8)}  ${r.cli.seconds.toFixed(1).padStart(6)}  ${fmt(r.cli.rowsPerSecond).padStart(10)}  ${r.cli.shareOfCopy.toFixed(2).padStart(8)}  ${fmt(r.api.peakMemoryMb).padStart(11)}`,
  );
}
const orders = results.find((r) => r.kind === 'packing-orders');
if (orders && orders.rows >= 1_000_000) {
  console.log(`\nTargets: 1,000,000 packing orders through the API in under 60 s: ${orders.api.seconds.toFixed(1)} s; at least 0.5 of COPY: ${orders.api.shareOfCopy.toFixed(2)}; API under 300 MB: ${fmt(orders.api.peakMemoryMb)} MB`);
}
await mkdir(path.join(root, 'bench-results'), { recursive: true });
const out = path.join(root, 'bench-results', `bench-import-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
await writeFile(out, JSON.stringify({ at: new Date().toISOString(), cpus: os.cpus().length, results }, null, 2));
console.log(`\nWritten: ${path.relative(root, out)}`);
await owner.end();
server.kill('SIGTERM');
await once(server, 'exit');
rmSync(work, { recursive: true, force: true });
