// `npm test`: everything, in order of cost: types, lint, unit/component/API tests (one embedded PostgreSQL
// for the run, one database per test file, files in parallel), the production build, then the browser tests
// against that build (one server, one browser per worker).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit, component and API tests', ['run', 'test:unit']],
  ['build', ['run', 'build']],
  ['start as root in a private folder', ['run', 'check:private-clone']],
  ['browser tests', ['run', 'test:e2e']],
];

const timings = [];
for (const [name, args] of steps) {
  const started = Date.now();
  process.stdout.write(`\n=== ${name} ===\n`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (result.status !== 0) {
    process.stdout.write(`\n${name} failed.\n${timings.join('\n')}\n`);
    process.exit(result.status ?? 1);
  }
}
process.stdout.write(`\nAll steps passed.\n${timings.join('\n')}\n`);
