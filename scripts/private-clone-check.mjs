// As root: clones this checkout into a folder only root may enter (as /root or `mktemp -d` are) and starts the
// portal there the README's way, on an empty embedded database, until it serves a login. A new user's very
// first step must not fail there (the PostgreSQL programs in node_modules are out of the postgres user's
// reach). node_modules and the build are hard-linked from this checkout rather than installed again.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (process.getuid?.() !== 0) {
  console.log('Not root: the private-folder start applies to root only, skipped.');
  process.exit(0);
}

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const must = (cmd, args, cwd) => {
  const result = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${result.status})`);
};

const base = await mkdtemp(path.join(os.tmpdir(), 'portal-private-'));
await chmod(base, 0o700);
const clone = path.join(base, 'portal');
const dataDir = path.join(clone, 'data');
// Where the server puts the cluster when the postgres user cannot enter DATA_DIR (db/embedded.ts).
const clusterDir = path.join('/var/lib/mijnspits', `pg-${createHash('sha256').update(path.join(dataDir, 'pg')).digest('hex').slice(0, 12)}`);
let child;
let output = '';
try {
  must('git', ['clone', '-q', root, clone]);
  for (const rel of ['node_modules', 'apps/web/node_modules', 'apps/web/dist', 'apps/api/dist']) {
    if (existsSync(path.join(root, rel))) must('cp', ['-al', path.join(root, rel), path.join(clone, rel)]);
  }
  const port = await freePort();
  child = spawn('npm', ['start'], {
    cwd: clone,
    env: { ...process.env, PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()), HOST: '', DATA_DIR: '', LOG_LEVEL: 'info', DRAIN_SECONDS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const until = Date.now() + 120_000;
  let loggedIn = false;
  while (!loggedIn && Date.now() < until && child.exitCode === null) {
    const response = await fetch(`http://127.0.0.1:${port}/api/portal/Authentication/LoginWithCredentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailAddress: 'beheer@apotheekdelinde.example', password: 'Medicijnrol#2026' }),
    }).catch(() => null);
    loggedIn = response?.status === 200;
    if (!loggedIn) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!loggedIn) throw new Error(`The portal did not start in a private folder:\n${output}`);
  console.log(`The portal started as root in a private folder (${base}, mode 700) and served a login.`);
} finally {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  await rm(base, { recursive: true, force: true });
  await rm(clusterDir, { recursive: true, force: true });
}
