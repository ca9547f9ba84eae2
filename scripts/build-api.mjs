// Bundles the API server into apps/api/dist/server.js (and the CLI beside it): our own code and the contract
// inlined, every installed package left external (they are resolved from node_modules at run time); and the
// benchmark's tools into apps/api/dist/tools/.
import { build } from 'esbuild';
import path from 'node:path';
import { apiBundleOptions, apiTools, bundleApiTool, root } from './lib/bundle-api.mjs';

await build({
  entryPoints: [path.join(root, 'apps/api/src/server.ts'), path.join(root, 'apps/api/src/cli.ts')],
  outdir: path.join(root, 'apps/api/dist'),
  ...apiBundleOptions(),
});
// The benchmark's tools, so that `npm run bench` needs no bundler (they stay out of the image).
for (const [name, entry] of Object.entries(apiTools)) await bundleApiTool(path.join(root, entry), name);
console.log(`API bundled: apps/api/dist/server.js, apps/api/dist/cli.js and, for the benchmark, apps/api/dist/tools/{${Object.keys(apiTools).join(',')}}.js`);
