// `npm run portal -- <command>`: the provider's operations (onboard a customer, invite an account).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'apps/api/dist/cli.js'))) {
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const result = spawnSync(process.execPath, [path.join(root, 'apps/api/dist/cli.js'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
