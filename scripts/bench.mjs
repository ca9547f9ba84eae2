// `npm run bench`: the portal's table calls and invoice downloads on the `large` data set (2,000 customers,
// 2,000,000 packing orders, …), logged in as the largest customer's administrator.
//
// For every call and shape it measures, at 1 and 32 concurrent connections:
//   API  – the built server over HTTP with autocannon (p50/p95/p99 latency, requests per second);
//   SQL  – the same database work run directly against PostgreSQL (the floor): the API's own code path to the
//          database (table definitions + queryTable; a download's look-up of the kept file and its audit row, in the
//          API's unit of work; as portal_app, in readAsTenant or withTenant as the API, on a pipelining pool), from
//          apps/api/src/bench/direct.ts as `npm run build` bundled it, without HTTP, authentication or rendering;
// and two ceilings: the trivial JSON route /api/deployment-profile (the framework) and Account/IsTotpEnabled
// (what every authenticated call pays). For a table call it prints too what our own code costs of its answer (CPU
// µs): shaping PostgreSQL's rows, writing the JSON, and zod's check of it, which the built server leaves out; and
// drizzle's building and writing of its statement, which the server does once per shape of an unsearched page.
// Prints one table and writes bench-results/bench-<time>.json.
//
// The large data set is built once (npm run seed:large, about a minute) into BENCH_DATA_DIR (default
// <tmp>/portal-bench-large) and reused while the migrations and the generator are unchanged.
// Ports: HTTP 3207 and PostgreSQL 54507 (the browser tests use others). BENCH_SECONDS (default 5) per run,
// BENCH_POOL_SIZE (default 10, the server's default) connections to PostgreSQL for the API and for the floor,
// BENCH_REBUILD=1 rebuilds the data, BENCH_ONLY=<substring>[,<substring>…] runs only the calls matching one,
// BENCH_CUSTOMER=KL-0042 measures another customer than the largest (KL-0001). BENCH_SERVER=<path> measures that
// server bundle instead of apps/api/dist/server.js. BENCH_COMPARE=<an earlier bench-results/*.json> prints that
// run's figures beside this one's (run both on the same data in one session: the older build first, see
// docs/benchmarks.md).
// BENCH_WORKERS=1,2 (default 1) starts the server once per worker count (its WORKERS) and runs the same calls on
// each; the table and its verdicts are the first count's, and a section after it sets the counts' requests per
// second side by side with the load generator's share of the CPUs (autocannon runs on the same cores).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtApiTool, root } from './lib/bundle-api.mjs';
import { ensureBuild, ensureLargeData } from './lib/bench-data.mjs';
import { measureHttp, percentiles, withCpu } from './lib/bench-measure.mjs';
import { printBaseline, printComparison, printP95Verdict, printResults, printWorkers, TARGET_BASELINE_SHARE, TARGET_P95_MS, TARGET_RATIO } from './lib/bench-report.mjs';
import { startServerWithWorkers, workerCounts } from './lib/bench-workers.mjs';
import { measureAccountProbing, printAccountProbing } from './bench-timing.mjs';
import { measureFirstLoad } from './bench-first-load.mjs';

const port = Number(process.env.BENCH_PORT ?? 3207);
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54507);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 10);
const only = process.env.BENCH_ONLY;
const cacheDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'portal-bench-large');
const dataDir = path.join(cacheDir, 'data');
const CONNECTIONS = [1, 32];
const WORKER_COUNTS = workerCounts(process.env.BENCH_WORKERS);
const compareWith = process.env.BENCH_COMPARE ? JSON.parse(await readFile(process.env.BENCH_COMPARE, 'utf8')) : null;
// KL-0001 is the largest customer of the data set (1% of all departments and orders): the worst case.
const CUSTOMER = process.env.BENCH_CUSTOMER ?? 'KL-0001';
const ACCOUNT = `beheer-${CUSTOMER.replace(/^KL-/, '')}@large.example`;

ensureBuild();
const { secrets, fingerprint } = await ensureLargeData({ cacheDir, pgPort });

// ---- server and direct connection --------------------------------------------------------------------------------

const serverEnv = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(pgPort),
  LOG_LEVEL: 'error',
  DEMO_DATA: 'false',
  AUTH_RATE_LIMIT_PER_ADDRESS: '100000000',
  DATABASE_POOL_SIZE: String(poolSize),
  // No pause for a load balancer at each stop: nothing here balances, and each worker count starts the server anew.
  DRAIN_SECONDS: '0',
};
delete serverEnv.DATABASE_URL;
delete serverEnv.DATABASE_APP_URL;
// BENCH_SERVER names another build of the server to measure (say, an older commit's dist/server.js copied beside
// this one, so that it finds the same node_modules and migrations): before and after with one floor and one script.
const serverFile = path.resolve(root, process.env.BENCH_SERVER ?? 'apps/api/dist/server.js');
let server; // the server of the worker count being measured

// Built with the server (npm run build): the benchmark runs from a built checkout without a bundler.
const tool = await import(pathToFileURL(builtApiTool('bench-direct')).href);
const appUrl = `postgres://portal_app:${encodeURIComponent(secrets.databaseAppPassword)}@127.0.0.1:${pgPort}/portal`;
let direct;

const api = (p, { body, token, method = body === undefined ? 'GET' : 'POST' } = {}) =>
  fetch(`${base}${p}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function login() {
  const res = await api('/api/portal/Authentication/LoginWithCredentials', { body: { emailAddress: ACCOUNT, password: tool.DEMO_PASSWORD } });
  if (!res.ok) throw new Error(`login as ${ACCOUNT} failed: ${res.status}`);
  return (await res.json()).accessToken;
}

// ---- measuring ---------------------------------------------------------------------------------------------------

// The CPU figures are the running server's: its pid changes with each worker count.
const withServerCpu = (run) => withCpu(server.pid, run);

const overHttp = (url, connections, options) => withServerCpu(() => measureHttp(url, connections, seconds, options));

async function directly(fn, connections) {
  return withServerCpu(async () => {
    const result = await tool.runLoad(fn, connections, seconds);
    if (result.firstError) console.warn(`  direct: ${result.errors} failed, e.g. ${result.firstError}`);
    return percentiles(result.latencies, result.seconds, result.errors);
  });
}

// ---- the cases ---------------------------------------------------------------------------------------------------

/** The four shapes of a table call; late pages and search terms fit the largest customer's data. */
function tableShapes(call, { other, search, rowsPerPage }, total) {
  return [
    { shape: 'default sort', body: {} },
    { shape: `sort ${other.sortBy}${other.descending ? ' desc' : ''}`, body: other },
    { shape: `search "${search}"`, body: { search } },
    { shape: `last page (${Math.max(1, Math.ceil(total / rowsPerPage))}×${rowsPerPage})`, body: { page: Math.max(1, Math.ceil(total / rowsPerPage)), rowsPerPage } },
  ].map((s) => ({ call, ...s }));
}
const tableCalls = {
  'Drug/GetDrugTable': { other: { sortBy: 'ziNumber', descending: true }, search: 'metoprolol', rowsPerPage: 20 },
  'Order/GetOrderFulfillmentsTable': { other: { sortBy: 'facility', descending: false }, search: 'duin', rowsPerPage: 20 },
  'Order/GetOrderFulfillmentSchedulesTable': { other: { sortBy: 'arrivalDay', descending: false }, search: 'duin', rowsPerPage: 10 },
  'Invoice/GetInvoiceTable': { other: { sortBy: 'invoiceAmount', descending: true }, search: '2025', rowsPerPage: 10 },
};

const results = [];
const skipped = [];
let probing = [];
const loadBefore = os.loadavg();
let customer;
const startServer = (workers) => startServerWithWorkers({ serverFile, cwd: root, env: serverEnv, base, workers });
try {
  server = await startServer(WORKER_COUNTS[0]);
  direct = tool.openDirect(appUrl, poolSize);
  let token = await login();
  const ownerUrl = `postgres://postgres:${encodeURIComponent(secrets.embeddedPassword)}@127.0.0.1:${pgPort}/portal`;
  [customer] = await tool.ownerQuery(
    ownerUrl,
    `select c.id, c.client_code,
       (select count(*)::int from facilities where client_id = c.id) as facilities,
       (select count(*)::int from patients where client_id = c.id) as patients,
       (select count(*)::int from assortment_items where client_id = c.id) as products,
       (select count(*)::int from packing_orders where client_id = c.id) as packing_orders,
       (select count(*)::int from invoices where client_id = c.id) as invoices
     from clients c where c.client_code = '${CUSTOMER.replace(/'/g, '')}'`,
  );
  if (!customer) throw new Error(`the large data set has no customer ${CUSTOMER}`);
  const [totals] = await tool.ownerQuery(
    ownerUrl,
    `select (select count(*)::int from clients) as customers, (select count(*)::int from packing_orders) as packing_orders,
       (select count(*)::int from products) as products, (select count(*)::int from invoices) as invoices`,
  );
  console.log(
    `Data: ${totals.customers} customers, ${totals.products} products, ${totals.packing_orders} packing orders, ${totals.invoices} invoices. ` +
      `Logged in as ${ACCOUNT} (${customer.client_code}: ${customer.facilities} departments, ${customer.patients} patients, ` +
      `${customer.products} products, ${customer.packing_orders} packing orders, ${customer.invoices} invoices).`,
  );
  // The query runs as portal_app under row-level security; the customer is set per transaction. The floor acts
  // as the logged-in account (its token's claims), so that a download's audit row is the API's.
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
  const claims = { accountId: Number(payload.sub), customerId: payload.cid, isAdministrator: payload.adm, familyId: payload.fam };
  if (claims.customerId !== customer.id) throw new Error(`${ACCOUNT} is not an account of ${CUSTOMER}`);

  const cases = [
    // Without a token: with one, the route reads the customer's site from the database (issue 12), and the
    // ceiling would be an authenticated call itself.
    { call: 'trivial JSON route (framework ceiling)', shape: 'GET /api/deployment-profile', url: `${base}/api/deployment-profile`, http: {}, anonymous: true },
    // What every authenticated call pays before its own work: token, session check, tenant transaction.
    // Its floor is its own database work: the account read for the customer (one round trip, decision 0037).
    { call: 'authenticated baseline', shape: 'GET Account/IsTotpEnabled', url: `${base}/api/portal/Account/IsTotpEnabled`, http: {}, direct: 'Account/IsTotpEnabled' },
  ];
  for (const [call, spec] of Object.entries(tableCalls)) {
    const probe = await api(`/api/portal/${call}`, { body: {}, token });
    if (probe.status === 404) {
      skipped.push(call);
      console.log(`SKIPPED ${call}: the server answers 404 (not built yet).`);
      continue;
    }
    if (!probe.ok) throw new Error(`${call} answers ${probe.status}: ${await probe.text()}`);
    const { total } = await probe.json();
    for (const shape of tableShapes(call, spec, total)) {
      cases.push({ ...shape, url: `${base}/api/portal/${call}`, http: { method: 'POST', body: JSON.stringify(shape.body) } });
    }
  }
  const invoiceProbe = await api('/api/portal/Invoice/GetInvoiceTable', { body: { rowsPerPage: 10 }, token });
  const latestMonth = invoiceProbe.ok ? (await invoiceProbe.json()).items[0]?.processedMonth : undefined;
  for (const fileType of ['Pdf', 'ExcelDetails']) {
    const call = 'Invoice/DownloadInvoiceFile';
    const query = { ProcessedMonth: latestMonth ?? '2000-01-01', ClientCode: customer.client_code, FileType: fileType };
    const url = `${base}/api/portal/${call}?${new URLSearchParams(query)}`;
    const probe = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (probe.status === 404 || !latestMonth) {
      skipped.push(`${call} ${fileType}`);
      console.log(`SKIPPED ${call} ${fileType}: the server answers ${probe.status} (not built yet).`);
      continue;
    }
    if (!probe.ok) throw new Error(`${call} ${fileType} answers ${probe.status}`);
    // The probe rendered the file and the server kept it (decision 0034): what is measured is the kept file.
    cases.push({ call, shape: `${fileType} ${latestMonth.slice(0, 7)}`, url, query, http: {} });
    // A browser asking again for the copy it holds: 304 without a body.
    const etag = probe.headers.get('etag');
    if (etag) cases.push({ call, shape: `${fileType} ${latestMonth.slice(0, 7)} If-None-Match → 304`, url, query, http: { headers: { 'if-none-match': etag }, status: 304 } });
  }

  const selected = only ? cases.filter((c) => only.split(',').some((part) => `${c.call} ${c.shape}`.includes(part.trim()))) : cases;
  for (const [round, workers] of WORKER_COUNTS.entries()) {
    // The floor does not depend on the server: measured once, with the first count.
    const withFloor = round === 0;
    if (!withFloor) {
      await server.stop();
      server = await startServer(workers);
    }
    if (process.env.BENCH_WORKERS) console.log(`\nServer with WORKERS=${workers}:`);
    console.log(`Measuring ${selected.length} cases at ${CONNECTIONS.join(' and ')} connections, ${seconds} s each (${withFloor ? 'API and SQL' : 'API; the SQL floor is measured once'}).`);
    for (const c of selected) {
      token = await login(); // an access token lives 15 minutes; the run takes longer
      const headers = { ...c.http.headers, ...(c.anonymous ? {} : { authorization: `Bearer ${token}` }), ...(c.http.body ? { 'content-type': 'application/json' } : {}) };
      const directName = c.direct ?? (c.call.includes('/') ? c.call : null);
      const fn = withFloor && directName ? tool.directCall(direct, claims, directName, { body: c.body, query: c.query, headers: c.http.headers }) : null;
      // Warm up: JIT, plans and caches, for both paths (each worker gets some of the connections).
      await overHttp(c.url, 4 * workers, { ...c.http, headers }).catch(() => undefined);
      if (fn) for (let i = 0; i < 20; i += 1) await fn();
      // Our own code's part of a table answer besides its SQL: its shaping, zod's check, its JSON (decision 0102).
      const parts = withFloor && directName ? await tool.answerParts(direct, claims, directName, c.body ?? {}) : null;
      if (parts) console.log(`  ${`${c.call} · ${c.shape}`.padEnd(72)}     answer µs: shaping ${parts.shaping}, JSON ${parts.json} (zod's check, not in the build: ${parts.check}; the statement by drizzle, written once unless searched: ${parts.statement})`);
      for (const connections of CONNECTIONS) {
        const http = await overHttp(c.url, connections, { ...c.http, headers });
        const sql = fn ? await directly(fn, connections) : null;
        const row = { call: c.call, shape: c.shape, workers, connections, api: http, sql, ...(parts ? { parts } : {}) };
        results.push(row);
        console.log(
          `  ${`${c.call} · ${c.shape}`.padEnd(72)} ${String(connections).padStart(2)}  API p50 ${http.p50} p95 ${http.p95} ms ${http.rps}/s` +
            (http.cpu ? ` (CPU µs per request: API ${http.cpu.api}, PostgreSQL ${http.cpu.db})` : '') +
            (sql ? `  SQL p50 ${sql.p50} p95 ${sql.p95} ms ${sql.rps}/s` : '') +
            (sql?.cpu ? ` (PostgreSQL ${sql.cpu.db} µs)` : ''),
        );
      }
    }
    if (withFloor) probing = await measureAccountProbing(base);
  }
} finally {
  await direct?.close();
  await server?.stop();
}

// ---- report ------------------------------------------------------------------------------------------------------

const loadAfter = os.loadavg();
const firstCount = results.filter((r) => r.workers === WORKER_COUNTS[0]);
printResults(firstCount, { skipped, loadBefore, loadAfter });
printAccountProbing(probing);
printBaseline(firstCount);
if (compareWith) printComparison(firstCount, compareWith, path.basename(process.env.BENCH_COMPARE));
printP95Verdict(firstCount);
if (process.env.BENCH_WORKERS) printWorkers(results, WORKER_COUNTS);

// The first load on a phone (its own server on demo data; BENCH_SKIP_FIRST_LOAD=1 leaves it out).
const firstLoad = process.env.BENCH_SKIP_FIRST_LOAD ? null : await measureFirstLoad();

await mkdir(path.join(root, 'bench-results'), { recursive: true });
const file = path.join(root, 'bench-results', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
await writeFile(
  file,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      secondsPerRun: seconds,
      poolSize,
      workerCounts: WORKER_COUNTS,
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, loadBefore, loadAfter },
      dataSet: { cacheDir, ...fingerprint, customer },
      targets: { p95Ms: TARGET_P95_MS, apiToSqlP50: TARGET_RATIO, baselineShareOfTrivial: TARGET_BASELINE_SHARE },
      comparedWith: process.env.BENCH_COMPARE ? path.basename(process.env.BENCH_COMPARE) : null,
      skipped,
      results,
      accountProbing: probing,
      firstLoad,
    },
    null,
    2,
  ),
);
console.log(`Written: ${path.relative(root, file)}`);
