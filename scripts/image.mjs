// `npm run image -- --base <image> [--tag <name>] [--isolation chroot|oci|rootless]`: builds the Containerfile at the
// repository's root with buildah, from the working tree (what .containerignore leaves), in Docker's image format so
// that the HEALTHCHECK is kept (OCI's image format has no place for it). The base may also come from BASE_IMAGE.
// `--isolation chroot` is the default: it needs no user namespaces or cgroup limits, which some machines (and
// containers building images) cannot set up.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The build arguments besides the base: the labels' version, commit and time. */
export function imageLabels() {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' });
  const revision = head.status === 0 ? `${head.stdout.trim()}${dirty.stdout.trim() ? '-modified' : ''}` : 'unknown';
  return { VERSION: version, REVISION: revision, CREATED: new Date().toISOString() };
}

/** Builds the image; resolves when buildah has committed it, rejects with its exit code otherwise. */
export function buildImage({ base, tag, isolation = 'chroot', stdio = 'inherit' }) {
  if (!base) throw new Error('No base image: give --base <image> (or BASE_IMAGE), e.g. a Debian image with Node.js 20.19+ and npm');
  const buildArgs = Object.entries({ BASE_IMAGE: base, ...imageLabels() }).flatMap(([name, value]) => ['--build-arg', `${name}=${value}`]);
  const args = ['build', '--isolation', isolation, '--format', 'docker', '--layers', '--file', 'Containerfile', '--tag', tag, ...buildArgs, '.'];
  return new Promise((resolve, reject) => {
    const child = spawn('buildah', args, { cwd: root, stdio });
    child.on('error', (error) => reject(new Error(`buildah could not be started (${error.message}): install it (Debian: apt-get install buildah)`)));
    child.on('exit', (code) => (code === 0 ? resolve(tag) : reject(new Error(`buildah build ended with ${code}`))));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: process.env.BASE_IMAGE },
      tag: { type: 'string' },
      isolation: { type: 'string', default: 'chroot' },
    },
  });
  const tag = values.tag ?? `mijnspits-portal:${imageLabels().VERSION}`;
  try {
    await buildImage({ base: values.base, tag, isolation: values.isolation });
    console.log(`Image built: ${tag}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
