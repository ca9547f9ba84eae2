// The built server of a benchmark, as every `bench:*` script that needs its own starts it: a fresh embedded
// database in a temporary folder, the server on the given ports, the database's owner connected, the operator's
// command line at hand, and an integration client with its token. One kernel for the scripts' set-up.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { root } from './bundle-api.mjs';
import { ensureBuild, waitForHealth } from './bench-data.mjs';

/**
 * Starts the built server on a fresh database. `env` adds settings (DEMO_DATA defaults to false). The folder is
 * readable by the database server's own user (a COPY file, when run as root).
 */
export async function startBenchServer({ label, port, pgPort, env: extra = {} }) {
  const work = mkdtempSync(path.join(os.tmpdir(), `portal-bench-${label}-`));
  chmodSync(work, 0o711);
  const dataDir = path.join(work, 'data');
  const env = { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', DEMO_DATA: 'false', ...extra };
  delete env.DATABASE_URL;
  delete env.DATABASE_APP_URL;
  ensureBuild();
  const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const kill = () => server.kill('SIGTERM');
  process.on('exit', kill);
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(server, base);
  const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  const owner = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(secrets.embeddedPassword)}@127.0.0.1:${pgPort}/portal` });
  await owner.connect();
  const cli = path.join(root, 'apps/api/dist/cli.js');
  return {
    base,
    env,
    work,
    server,
    owner,
    /** `npm run portal -- <args>` against this server's database: its output, or an error with what it said */
    portal(args) {
      const run = spawnSync(process.execPath, [cli, ...args], { cwd: root, env, encoding: 'utf8' });
      if (run.status !== 0) throw new Error(run.stderr);
      return run.stdout;
    },
    /** Stops the server (and its database) and removes the folder. */
    async stop() {
      await owner.end();
      process.off('exit', kill);
      kill();
      await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** An integration client made by the command line, and a way to ask its token (OAuth client credentials). */
export function integrationClient(bench, { scopes = 'all', contactEmail } = {}) {
  const created = bench.portal(['create-integration', '--name', 'Bench ERP', '--scopes', scopes, ...(contactEmail ? ['--contact-email', contactEmail] : [])]);
  const clientId = /client_id:\s+(\S+)/.exec(created)?.[1];
  const clientSecret = /client_secret:\s+(\S+)/.exec(created)?.[1];
  return {
    clientId,
    async token() {
      const response = await fetch(`${bench.base}/api/integration/v1/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
      });
      if (!response.ok) throw new Error(`token answered ${response.status}: ${await response.text()}`);
      return (await response.json()).access_token;
    },
  };
}
