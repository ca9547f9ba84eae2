// `npm run seed:large`: fills an EMPTY database (DATABASE_URL, or an embedded cluster under DATA_DIR) with the
// demo and then the large data set: 2,000 customers, 10,000 departments, 200,000 patients, 20,000 products,
// 2,000,000 packing orders, 50,000 invoices. Set-based SQL; prints the time of every step.
// SEED_LARGE_FACTOR=0.1 makes a tenth of it. See apps/api/src/demo/large.ts.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { bundleApiTool, root } from './lib/bundle-api.mjs';

if (!process.env.DATABASE_URL && !process.env.DATA_DIR) {
  console.error('Set DATABASE_URL (an empty database) or DATA_DIR (a folder for an embedded cluster).');
  process.exit(2);
}
const tool = await bundleApiTool(path.join(root, 'apps/api/src/demo/large-cli.ts'), 'seed-large');
const child = spawn(process.execPath, [tool], { cwd: root, stdio: 'inherit', env: process.env });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
