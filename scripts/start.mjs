// `npm start`: builds what is missing, then runs the portal (embedded PostgreSQL unless DATABASE_URL is set).
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (args) => {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) run(['run', 'build', '-w', 'apps/web']);
if (!existsSync(path.join(root, 'apps/api/dist/server.js'))) run(['run', 'build', '-w', 'apps/api']);

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
