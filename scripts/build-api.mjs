// Bundles the API server into apps/api/dist/server.js (and the CLI beside it): our own code and the contract
// inlined, every installed package left external (they are resolved from node_modules at run time).
import { build } from 'esbuild';
import path from 'node:path';
import { apiBundleOptions, root } from './lib/bundle-api.mjs';

await build({
  entryPoints: [path.join(root, 'apps/api/src/server.ts'), path.join(root, 'apps/api/src/cli.ts')],
  outdir: path.join(root, 'apps/api/dist'),
  ...apiBundleOptions(),
});
console.log('API bundled: apps/api/dist/server.js, apps/api/dist/cli.js');
