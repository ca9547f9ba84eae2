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
import { spawnSync } from 'node:child_process';
import { createWriteStream, createReadStream, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { root } from './lib/bundle-api.mjs';
import { integrationClient, startBenchServer } from './lib/bench-server.mjs';

const ORDERS = Number(process.env.BENCH_IMPORT_ORDERS ?? 1_000_000);
const PATIENTS = Number(process.env.BENCH_IMPORT_PATIENTS ?? 200_000);
const DEPARTMENTS = 100;
const CUSTOMER = 'BENCH-0001';
const bench = await startBenchServer({ label: 'import', port: Number(process.env.BENCH_PORT ?? 3208), pgPort: Number(process.env.BENCH_PG_PORT ?? 54508) });
const { base, env, work, server, owner } = bench;
const cli = path.join(root, 'apps/api/dist/cli.js');

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

const token = await integrationClient(bench).token();

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
await bench.stop();
