// Bundles one TypeScript entry of the API (our code and the contract inlined, installed packages external) into
// apps/api/dist/tools/, beside the server bundle, so that it finds node_modules and the migrations as the server
// does. For tools that run the API's own code outside the server: the large seed, the benchmark's direct SQL.
// esbuild is loaded only to bundle: the benchmark imports `root` and `apiTools` from here on a server that has no
// development packages.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function externals() {
  const apiPackage = JSON.parse(readFileSync(path.join(root, 'apps/api/package.json'), 'utf8'));
  return Object.keys({ ...apiPackage.dependencies, ...apiPackage.devDependencies }).filter((name) => !name.startsWith('@portal/'));
}

/** How every bundle of the API is made: our code and the contract inlined, every installed package external. */
export const apiBundleOptions = () => ({
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: externals(),
  // The built server does not check its own answers against the contract; the tests and dev do (decision 0102).
  define: { __CHECK_ANSWERS__: 'false' },
  logLevel: 'warning',
});

/**
 * The tools `npm run build` bundles beside the server (name → entry), so that the benchmark runs from a built
 * checkout without esbuild: its direct SQL and the large data set's generator.
 */
export const apiTools = {
  'bench-direct': 'apps/api/src/bench/direct.ts',
  'seed-large': 'apps/api/src/demo/large-cli.ts',
};

/** Where `npm run build` put the tool `name` of `apiTools`. */
export const builtApiTool = (name) => path.join(root, 'apps/api/dist/tools', `${name}.js`);

/**
 * `entry` is a path, or `{ contents }` (module source whose relative imports resolve from apps/api/src).
 * Returns the bundle's absolute path.
 */
export async function bundleApiTool(entry, name) {
  const { build } = await import('esbuild');
  const outfile = builtApiTool(name);
  await build({
    ...(typeof entry === 'string'
      ? { entryPoints: [entry] }
      : { stdin: { contents: entry.contents, resolveDir: path.join(root, 'apps/api/src'), loader: 'ts', sourcefile: `${name}.ts` } }),
    outfile,
    ...apiBundleOptions(),
  });
  return outfile;
}
