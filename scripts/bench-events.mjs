// `npm run bench:events`: the way back to the provider's systems (issue 29). On a fresh embedded database it writes
// BENCH_EVENTS (default 100,000) events of a customer, half submissions naming a patient and half service orders,
// as the doors write them (unsequenced), then reads them all through the feed as a provider's system polls it:
//   first pass  – GET /api/integration/v1/events?after=<cursor>&limit=1000 until hasMore is false, the sequencer
//                 giving the events their places as the reads ask (what a reader after an outage meets);
//   second pass – the same read again from 0 (the steady state: every event has its place).
// Each pass prints events per second; the patient reads are audited as in production. Target: at least 5,000
// events/s on this 2-core machine. Then it runs scripts/bench-webhooks.mjs (webhooks delivered per second, and what
// configured webhooks cost a filed form). Writes bench-results/bench-events-<time>.json.
// Ports: HTTP 3209, PostgreSQL 54509 (BENCH_PORT, BENCH_PG_PORT).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib/bundle-api.mjs';
import { integrationClient, startBenchServer } from './lib/bench-server.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const PAGE = 1000;
const bench = await startBenchServer({ label: 'events', port: Number(process.env.BENCH_PORT ?? 3209), pgPort: Number(process.env.BENCH_PG_PORT ?? 54509) });
const { base, owner } = bench;
const erp = integrationClient(bench);

// One customer with 500 patients; the events name them as the doors' events do.
const { rows: [customer] } = await owner.query(`insert into clients (client_code, name, kind) values ('BENCH-0001', 'Apotheek Bench', 'Pharmacy') returning id`);
const { rows: [department] } = await owner.query(`insert into facilities (client_id, name, external_key) values ($1, 'Afdeling A', 'AFD-A') returning id`, [customer.id]);
await owner.query(
  `insert into patients (client_id, facility_id, first_name, last_name, birth_date, external_key)
   select $1, $2, 'Jan', 'Jansen ' || i, date '1940-01-01' + i, 'PAT-' || i from generate_series(1, 500) i`,
  [customer.id, department.id],
);
const writeStarted = performance.now();
await owner.query(
  `insert into integration_events (type, client_id, subject, payload, patient_ids)
   select case when i % 2 = 0 then 'submission.created' else 'serviceOrder.created' end, $1, 'AAN-2026-' || lpad(i::text, 6, '0'),
     case when i % 2 = 0 then jsonb_build_object(
       'reference', 'AAN-2026-' || lpad(i::text, 6, '0'), 'customer', jsonb_build_object('code', 'BENCH-0001', 'name', 'Apotheek Bench'),
       'kind', 'ImmediateProduct', 'title', 'Aanvraag rollen', 'status', 'New', 'submittedAt', '2026-11-27T08:00:00.000Z',
       'submittedBy', jsonb_build_object('kind', 'account', 'name', 'Sanne Pieters', 'email', 'sanne@bench.example'),
       'patient', jsonb_build_object('key', 'PAT-' || (i % 500 + 1), 'name', 'Jan Jansen ' || (i % 500 + 1), 'birthDate', '1940-05-01'),
       'department', jsonb_build_object('key', 'AFD-A', 'name', 'Afdeling A'),
       'fields', jsonb_build_object('department', 'Afdeling A', 'extraScrollIsHolidayScroll', false, 'startDate', '2026-12-01', 'amountOfDays', 14,
         'sendDate', '2026-11-28', 'receiveDate', '2026-11-29', 'receiveReturnCall', false),
       'files', '[]'::jsonb)
     else jsonb_build_object(
       'reference', 'BST-2026-' || lpad(i::text, 6, '0'), 'customer', jsonb_build_object('code', 'BENCH-0001', 'name', 'Apotheek Bench'),
       'status', 'New', 'orderedAt', '2026-11-27T08:00:00.000Z', 'orderedBy', jsonb_build_object('kind', 'account', 'name', 'Sanne Pieters', 'email', 'sanne@bench.example'),
       'lines', jsonb_build_array(jsonb_build_object('lineNo', 1, 'articleCode', 'ETK-01', 'name', 'Etiketten', 'amount', 3, 'price', 12.5, 'total', 37.5)),
       'totalPrice', 37.5) end,
     case when i % 2 = 0 then array[(select min(id) from patients) + i % 500] end
   from generate_series(1, $2::int) i`,
  [customer.id, EVENTS],
);
const writeMs = performance.now() - writeStarted;

async function readAll(bearer) {
  let after = '0';
  let events = 0;
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${base}/api/integration/v1/events?after=${after}&limit=${PAGE}`, { headers: { authorization: `Bearer ${bearer}` } });
    if (response.status !== 200) throw new Error(`feed answered ${response.status}: ${await response.text()}`);
    const page = await response.json();
    events += page.events.length;
    after = page.next;
    if (!page.hasMore) break;
  }
  const seconds = (performance.now() - started) / 1000;
  return { events, seconds: Number(seconds.toFixed(2)), perSecond: Math.round(events / seconds) };
}

const bearer = await erp.token();
const first = await readAll(bearer);
const second = await readAll(bearer);
const { rows: [audited] } = await owner.query(`select count(*)::int as n from audit_log where action = 'Integration.EventsRead'`);

const results = { events: EVENTS, writeSeconds: Number((writeMs / 1000).toFixed(2)), firstPass: first, secondPass: second, auditRows: audited.n, target: 5000 };
process.stdout.write(`\nThe event feed: ${EVENTS.toLocaleString('en')} events (half submissions naming a patient), pages of ${PAGE}\n`);
process.stdout.write(`  first pass (sequenced as read):  ${first.events} events in ${first.seconds} s = ${first.perSecond} events/s\n`);
process.stdout.write(`  second pass (steady state):      ${second.events} events in ${second.seconds} s = ${second.perSecond} events/s\n`);
process.stdout.write(`  audit rows of the patient reads: ${audited.n}\n`);
process.stdout.write(`  target: at least 5,000 events/s: ${Math.min(first.perSecond, second.perSecond) >= 5000 ? 'met' : 'NOT met'}\n`);

await bench.stop();
await mkdir(path.join(root, 'bench-results'), { recursive: true });
const out = path.join(root, 'bench-results', `bench-events-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
await writeFile(out, JSON.stringify({ at: new Date().toISOString(), cpus: os.cpus().length, results }, null, 2));
process.stdout.write(`Written to ${path.relative(root, out)}\n`);

// The webhooks' half of the benchmark, where it exists: its own server and database.
const webhooks = path.join(root, 'scripts/bench-webhooks.mjs');
if (existsSync(webhooks)) {
  const run = spawnSync(process.execPath, [webhooks], { cwd: root, stdio: 'inherit', env: process.env });
  process.exitCode = run.status ?? 1;
}
