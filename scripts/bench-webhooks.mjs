// The webhooks' half of `npm run bench:events` (issue 29.2; also `node scripts/bench-webhooks.mjs` alone). On a
// fresh embedded database with the demo data, the built server (its webhook job as in production, 8 in flight):
//   form cost   – a customer's account files BENCH_WEBHOOK_FORMS (200) questions with no webhook endpoint, then
//                 with BENCH_WEBHOOK_ENDPOINTS (10) endpoints of every event type (the server delivering them
//                 meanwhile), then with none again: back to back, and one every BENCH_WEBHOOK_PACE_MS (50: with 10
//                 endpoints 200 webhooks/s, the delivery target); the mean and median of each round;
//   throughput  – BENCH_WEBHOOKS (5,000) events written at once as the doors write them, delivered to one endpoint
//                 on a local receiver: webhooks per second until the receiver has them all, and until the portal
//                 has recorded them all as delivered.
// Prints one JSON line per measurement and a summary; no assertions. Targets: at least 200 webhooks/s; a form
// with endpoints costs at most 10 % more. Writes bench-results/bench-webhooks-<time>.json.
// Ports: HTTP 3219, PostgreSQL 54519 (BENCH_WEBHOOK_PORT, BENCH_WEBHOOK_PG_PORT).
import { createServer } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib/bundle-api.mjs';
import { integrationClient, startBenchServer } from './lib/bench-server.mjs';

const FORMS = Number(process.env.BENCH_WEBHOOK_FORMS ?? 200);
const ENDPOINTS = Number(process.env.BENCH_WEBHOOK_ENDPOINTS ?? 10);
const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 5_000);
const line = (record) => process.stdout.write(`${JSON.stringify(record)}\n`);

// The provider's receiver: answers every webhook 204 and counts them.
let received = 0;
let waiting = null;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received += 1;
    res.writeHead(204).end();
    if (waiting && received >= waiting.count) waiting.resolve();
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${receiver.address().port}/hook`;
const receivedAll = (count) => (received >= count ? Promise.resolve() : new Promise((resolve) => (waiting = { count, resolve })));

const bench = await startBenchServer({
  label: 'webhooks',
  port: Number(process.env.BENCH_WEBHOOK_PORT ?? 3219),
  pgPort: Number(process.env.BENCH_WEBHOOK_PG_PORT ?? 54519),
  env: { DEMO_DATA: 'true', SUBMISSION_LIMIT_PER_MINUTE: '1000000', SUBMISSION_LIMIT_PER_DAY: '1000000' },
});
const { base, owner, portal } = bench;
const { clientId } = integrationClient(bench, { contactEmail: 'erp@bench.example' });
const addEndpoint = () => /Webhook (\S+) aangemaakt/.exec(portal(['webhook-add', '--client', clientId, '--url', hookUrl, '--types', 'all']))[1];

const login = await fetch(`${base}/api/portal/Authentication/LoginWithCredentials`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ emailAddress: 'assistent@apotheekdelinde.example', password: 'Medicijnrol#2026' }),
});
if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
const { accessToken } = await login.json();

/** Files `count` questions one after another (pace 0), or one every `paceMs` (a steady stream); mean and median. */
async function fileForms(round, count, paceMs = 0) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const res = await fetch(`${base}/api/portal/Forms/AskNonFaqQuestion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ question: `Benchvraag ${round} ${i}: wanneer komt de levering?` }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`the form answered ${res.status}`);
    const took = performance.now() - started;
    times.push(took);
    if (paceMs > took) await new Promise((resolve) => setTimeout(resolve, paceMs - took));
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const result = { measure: 'form', round, paceMs, forms: count, meanMs: Number(mean.toFixed(2)), medianMs: Number(times[Math.floor(times.length / 2)].toFixed(2)) };
  line(result);
  return result;
}

const PACE = Number(process.env.BENCH_WEBHOOK_PACE_MS ?? 50);
const extra = (withEndpoints, before, after) => {
  const baseline = (before.meanMs + after.meanMs) / 2;
  return Number((((withEndpoints.meanMs - baseline) / baseline) * 100).toFixed(1));
};
await fileForms('warm-up', 30);
const none = await fileForms('no endpoints', FORMS);
const nonePaced = await fileForms('no endpoints', FORMS, PACE);
const ids = Array.from({ length: ENDPOINTS }, addEndpoint);
received = 0;
const withEndpoints = await fileForms(`${ENDPOINTS} endpoints`, FORMS);
// The back-to-back round leaves deliveries behind it: the paced round starts once they have all arrived.
await receivedAll(FORMS * ENDPOINTS);
const withEndpointsPaced = await fileForms(`${ENDPOINTS} endpoints`, FORMS, PACE);
await receivedAll(2 * FORMS * ENDPOINTS);
for (const id of ids) portal(['webhook-remove', '--id', id]);
const noneAgain = await fileForms('no endpoints, again', FORMS);
const nonePacedAgain = await fileForms('no endpoints, again', FORMS, PACE);
const formCost = {
  measure: 'form cost',
  endpoints: ENDPOINTS,
  backToBackExtraPercent: extra(withEndpoints, none, noneAgain),
  pacedExtraPercent: extra(withEndpointsPaced, nonePaced, nonePacedAgain),
  paceMs: PACE,
  target: 10,
};
line(formCost);

// Throughput: one endpoint, every event written at once (unsequenced, as the doors leave them).
addEndpoint();
received = 0;
const { rows: [customer] } = await owner.query(`select id from clients order by client_code limit 1`);
const started = performance.now();
await owner.query(
  `insert into integration_events (type, client_id, subject, payload)
   select 'serviceOrder.created', $1, 'BST-2026-' || lpad(i::text, 6, '0'),
     jsonb_build_object('reference', 'BST-2026-' || lpad(i::text, 6, '0'), 'status', 'New', 'totalPrice', 37.5,
       'lines', jsonb_build_array(jsonb_build_object('lineNo', 1, 'articleCode', 'ETK-01', 'name', 'Etiketten', 'amount', 3, 'price', 12.5, 'total', 37.5)))
   from generate_series(1, $2::int) i`,
  [customer.id, WEBHOOKS],
);
await receivedAll(WEBHOOKS);
const receivedSeconds = (performance.now() - started) / 1000;
for (;;) {
  const { rows: [done] } = await owner.query(`select count(*)::int as n from webhook_deliveries where status = 'delivered' and not replay and event_type = 'serviceOrder.created'`);
  if (done.n >= WEBHOOKS) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const recordedSeconds = (performance.now() - started) / 1000;
const throughput = {
  measure: 'webhooks',
  webhooks: WEBHOOKS,
  inFlight: 8,
  receivedSeconds: Number(receivedSeconds.toFixed(2)),
  perSecondReceived: Math.round(WEBHOOKS / receivedSeconds),
  recordedSeconds: Number(recordedSeconds.toFixed(2)),
  perSecondRecorded: Math.round(WEBHOOKS / recordedSeconds),
  target: 200,
};
line(throughput);
const { rows: [attempts] } = await owner.query(`select count(*)::int as n, count(*) filter (where status_code between 200 and 299)::int as ok from webhook_attempts`);
line({ measure: 'attempts', ...attempts });

process.stdout.write(`\nWebhooks (Standard Webhooks, 8 in flight, to a local receiver)\n`);
process.stdout.write(`  delivered: ${WEBHOOKS} in ${throughput.recordedSeconds} s = ${throughput.perSecondRecorded}/s (received ${throughput.perSecondReceived}/s); target 200/s: ${throughput.perSecondRecorded >= 200 ? 'met' : 'NOT met'}\n`);
process.stdout.write(
  `  a form with ${ENDPOINTS} endpoints: ${formCost.pacedExtraPercent} % more at one form every ${PACE} ms (${ENDPOINTS * Math.round(1000 / PACE)} webhooks/s), ` +
    `${formCost.backToBackExtraPercent} % more back to back (its webhooks sent meanwhile); target at most 10 %: ${formCost.pacedExtraPercent <= 10 ? 'met' : 'NOT met'} paced, ${formCost.backToBackExtraPercent <= 10 ? 'met' : 'NOT met'} back to back\n`,
);

await bench.stop();
receiver.close();
await mkdir(path.join(root, 'bench-results'), { recursive: true });
const out = path.join(root, 'bench-results', `bench-webhooks-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
await writeFile(out, JSON.stringify({ at: new Date().toISOString(), cpus: os.cpus().length, results: { none, withEndpoints, noneAgain, nonePaced, withEndpointsPaced, nonePacedAgain, formCost, throughput } }, null, 2));
process.stdout.write(`Written to ${path.relative(root, out)}\n`);
