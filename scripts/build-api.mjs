// Bundles the API server into apps/api/dist/server.js: our own code and the contract inlined, every
// installed package left external (they are resolved from node_modules at run time).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPackage = JSON.parse(readFileSync(path.join(root, 'apps/api/package.json'), 'utf8'));
const external = Object.keys({ ...apiPackage.dependencies, ...apiPackage.devDependencies }).filter(
  (name) => !name.startsWith('@portal/'),
);

await build({
  entryPoints: [path.join(root, 'apps/api/src/server.ts'), path.join(root, 'apps/api/src/cli.ts')],
  outdir: path.join(root, 'apps/api/dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('API bundled: apps/api/dist/server.js, apps/api/dist/cli.js');
