// `npm run dev`: the API (tsx watch, embedded PostgreSQL) and Vite's dev server with hot reload, together.
// Open http://localhost:5173; Vite proxies /api to the API on port 3000.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/api'], {
    cwd: root,
    stdio: 'inherit',
    env: { PUBLIC_URL: 'http://localhost:5173', DATA_DIR: path.join(root, 'data'), ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', (code) => { stop('SIGTERM'); process.exitCode = code ?? 0; });
