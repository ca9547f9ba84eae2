// `npm test`: everything, in order of cost: types and lint (side by side), unit/component/API tests (one
// embedded PostgreSQL for the run, one database per test file, files in parallel), the production build, then
// the browser tests against that build (one server, one browser per worker).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Each stage runs its steps side by side. tsc and ESLint each keep one core busy, so on two cores they take
 * together about as long as the slower of them; a step's output is printed whole when it ends, not
 * interleaved with the other's.
 */
const stages = [
  [
    ['typecheck', ['run', 'typecheck']],
    ['lint', ['run', 'lint']],
  ],
  [['unit, component and API tests', ['run', 'test:unit']]],
  [['build', ['run', 'build']]],
  [['bundle budgets', ['run', 'check:bundle']]],
  [['start as root in a private folder', ['run', 'check:private-clone']]],
  [['browser tests', ['run', 'test:e2e']]],
];

function run(name, args, alone) {
  const started = Date.now();
  const child = spawn('npm', args, {
    cwd: root,
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      if (!alone) process.stdout.write(`\n=== ${name} ===\n${Buffer.concat(output).toString()}`);
      resolve({ name, ok: code === 0, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 });
    });
  });
}

const timings = [];
for (const steps of stages) {
  const alone = steps.length === 1;
  process.stdout.write(`\n=== ${steps.map(([name]) => name).join(' + ')} ===\n`);
  const results = await Promise.all(steps.map(([name, args]) => run(name, args, alone)));
  timings.push(...results.map((r) => `${r.name}: ${r.seconds.toFixed(0)} s`));
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) {
    process.stdout.write(`\n${failed.map((r) => r.name).join(' and ')} failed.\n${timings.join('\n')}\n`);
    process.exit(failed[0].code || 1);
  }
}
process.stdout.write(`\nAll steps passed.\n${timings.join('\n')}\n`);
