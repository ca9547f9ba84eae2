// Account probing by timing (issue 9, point 4): does the answer's time tell whether an address has an account?
// Medians of 30 known and 30 unknown addresses, shuffled, for a failed login and a reset request, and of a
// locked account against unknown addresses for a failed login; the ratio should stay within 10 %. Standalone
// (`npm run bench:timing`) it starts the built server on a fresh demo database of its own; `npm run bench`
// calls measureAccountProbing() against its running server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const KNOWN = ['beheer@apotheekdelinde.example', 'assistent@apotheekdelinde.example', 'beheer@hetbaken.example', 'verpleging@hetbaken.example'];
const SAMPLES = 30;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function shuffled(items) {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

async function timed(base, action, body) {
  const started = performance.now();
  const response = await fetch(`${base}/api/portal/Authentication/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

const wrongPassword = (emailAddress) => ({ emailAddress, password: 'Niet-het-wachtwoord1' });

/** Five failures lock an account (a refused attempt while locked does not lengthen the lock, nor end it). */
async function lock(base, emailAddress) {
  for (let i = 0; i < 5; i += 1) await timed(base, 'LoginWithCredentials', wrongPassword(emailAddress));
}

/**
 * Medians (ms) of known vs unknown addresses for both calls, and of a locked account vs unknown addresses for a
 * failed login (a locked account must not be refused sooner than an address without one), and each ratio
 * (unknown / known).
 */
export async function measureAccountProbing(base) {
  const rows = [];
  for (const [label, action, body, addresses = KNOWN] of [
    ['failed login', 'LoginWithCredentials', wrongPassword],
    ['reset request', 'RequestPasswordResetToken', (emailAddress) => ({ emailAddress })],
    ['locked account', 'LoginWithCredentials', wrongPassword, [KNOWN[0]]],
  ]) {
    if (label === 'locked account') await lock(base, addresses[0]);
    const trials = shuffled([
      ...Array.from({ length: SAMPLES }, (_, i) => ({ kind: 'known', address: addresses[i % addresses.length] })),
      ...Array.from({ length: SAMPLES }, (_, i) => ({ kind: 'unknown', address: `niemand-${i}-${Date.now()}@apotheekdelinde.example` })),
    ]);
    const times = { known: [], unknown: [] };
    await timed(base, action, body(addresses[0])); // warm-up
    for (const trial of trials) {
      const { ms, status } = await timed(base, action, body(trial.address));
      if (status >= 500 || status === 429) throw new Error(`${action} answered ${status}: raise AUTH_RATE_LIMIT_PER_ADDRESS`);
      times[trial.kind].push(ms);
    }
    const known = median(times.known);
    const unknown = median(times.unknown);
    rows.push({ call: label, knownMs: known, unknownMs: unknown, ratio: unknown / known });
  }
  return rows;
}

export function printAccountProbing(rows) {
  console.log('\nAccount probing by timing (medians of 30 each, shuffled; target: ratio within 0.90–1.10)');
  console.log('call            known ms  unknown ms  unknown/known');
  for (const r of rows) {
    const ok = r.ratio >= 0.9 && r.ratio <= 1.1 ? 'met' : 'MISSED';
    console.log(`${r.call.padEnd(15)} ${r.knownMs.toFixed(1).padStart(8)}  ${r.unknownMs.toFixed(1).padStart(10)}  ${r.ratio.toFixed(2).padStart(13)}  ${ok}`);
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!existsSync(path.join(root, 'apps/api/dist/server.js'))) spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-timing-'));
  // As root, PostgreSQL runs as the postgres user: it must enter the folder, or the cluster moves out of it.
  await chmod(dir, 0o755);
  const port = Number(process.env.BENCH_PORT ?? 3208);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      EMBEDDED_PG_PORT: String(Number(process.env.BENCH_PG_PORT ?? 54508)),
      AUTH_RATE_LIMIT_PER_ADDRESS: '1000000',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dir, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const until = Date.now() + 120_000;
    while (!(await fetch(`${base}/api/ready`).then((r) => r.ok, () => false))) {
      if (Date.now() > until || server.exitCode !== null) throw new Error('The server did not start');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    printAccountProbing(await measureAccountProbing(base));
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  }
}
