// `npm run bench`: starts the built portal on a fresh embedded database and measures its calls over HTTP
// with autocannon, at 1 and 32 connections: latency percentiles and requests per second, printed as a table
// and written to bench-results/bench-<time>.json. Ratios matter more than absolute numbers on a shared machine:
// the trivial JSON route is the framework's ceiling for this process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3207);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 8);

if (!existsSync(path.join(root, 'apps/api/dist/server.js')) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

const workDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
await chmod(workDir, 0o755);
const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(workDir, 'data'),
    EMBEDDED_PG_PORT: String(Number(process.env.BENCH_PG_PORT ?? 54507)),
    LOG_LEVEL: 'error',
    DEMO_DATA: 'true',
    AUTH_RATE_LIMIT_PER_ADDRESS: '100000000',
    DATABASE_POOL_SIZE: '20',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForHealth() {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

const post = (p, body, token) =>
  fetch(`${base}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

function run(name, connections, { path: urlPath, ...options }) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${base}${urlPath}`, connections, duration, ...options }, (error, result) => {
      if (error) return reject(error);
      const bad = result.non2xx + result.errors + result.timeouts;
      if (bad > 0) console.warn(`${name} @${connections}: ${bad} failed`, result.statusCodeStats);
      resolve({
        name,
        connections,
        p50: result.latency.p50,
        p95: result.latency.p97_5 === undefined ? result.latency.p99 : result.latency.p97_5,
        p99: result.latency.p99,
        rps: Math.round(result.requests.average),
        requests: result.requests.total,
        failed: bad,
      });
    });
  });
}

try {
  await waitForHealth();
  const login = await post('/api/portal/Authentication/LoginWithCredentials', {
    emailAddress: 'assistent@apotheekdelinde.example',
    password: 'Medicijnrol#2026',
  });
  const { accessToken } = await login.json();
  const cases = [
    ['trivial JSON route (framework ceiling)', { path: '/api/deployment-profile' }],
    ['health (one SQL round trip)', { path: '/api/health' }],
    [
      'Account/IsTotpEnabled (token + session check + tenant transaction)',
      { path: '/api/portal/Account/IsTotpEnabled', headers: { authorization: `Bearer ${accessToken}` } },
    ],
    [
      'Authentication/LoginWithCredentials (argon2id m=19 MiB t=2)',
      {
        path: '/api/portal/Authentication/LoginWithCredentials',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ emailAddress: 'verpleging@hetbaken.example', password: 'Medicijnrol#2026' }),
      },
    ],
  ];
  const results = [];
  for (const [name, options] of cases) {
    for (const connections of [1, 32]) {
      results.push(await run(name, connections, options));
    }
  }
  const header = ['call', 'conn', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'failed'];
  const rows = results.map((r) => [r.name, r.connections, r.p50, r.p95, r.p99, r.rps, r.failed].map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
  console.log('\np95 is autocannon\'s p97.5 bucket where p95 is not reported.');
  await mkdir(path.join(root, 'bench-results'), { recursive: true });
  const file = path.join(root, 'bench-results', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, JSON.stringify({ at: new Date().toISOString(), durationSeconds: duration, cpus: os.cpus().length, results }, null, 2));
  console.log(`Written: ${path.relative(root, file)}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await rm(workDir, { recursive: true, force: true });
}
