// `npm run check:bundle` (a step of `npm test` after the build): holds the web app's routes to their budgets of
// gzipped JavaScript (decision 0033). Reads the chunk graph of apps/web/dist (Vite's manifest), gzips every file
// at level 9 as the precompressed copies are, prints a table and exits 1 naming each route over its budget.
// `--files` also lists the files counted for each route.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { routeBudgets } from './lib/bundle-budgets.mjs';
import { lazyPartBudgets } from './lib/lazy-part-budgets.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST, as the server names it, points at another build (an experiment beside the real one).
const dist = path.resolve(root, process.env.WEB_DIST ?? 'apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
const kB = (bytes) => (bytes / 1000).toFixed(1);

function main() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read ${path.relative(root, manifestPath)} (run \`npm run build\` first): ${error.message}`);
  }
  const sizes = new Map();
  const gzippedSize = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
    return sizes.get(file);
  };
  // The parts fetched later (a dialog's form) follow the routes, held the same way.
  const rows = [...routeBudgets(manifest, gzippedSize), ...lazyPartBudgets(manifest, gzippedSize)];
  const listFiles = process.argv.includes('--files');
  const width = Math.max(...rows.map((r) => r.name.length));
  const lines = ['Gzipped JavaScript per route (kB = 1000 bytes, zlib level 9); other routes: what they load beyond the entry and their frame', ''];
  lines.push(`${'route'.padEnd(width)}  ${'gzip kB'.padStart(8)}  ${'budget'.padStart(7)}  ${'target'.padStart(7)}  files`);
  for (const r of rows) {
    const verdict = r.bytes > r.budget ? '  OVER BUDGET' : r.bytes > r.target ? '  (over target)' : '';
    lines.push(`${r.name.padEnd(width)}  ${kB(r.bytes).padStart(8)}  ${kB(r.budget).padStart(7)}  ${kB(r.target).padStart(7)}  ${String(r.files.length).padStart(5)}${verdict}`);
    if (listFiles) for (const file of r.files) lines.push(`    ${kB(gzippedSize(file)).padStart(6)}  ${file}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  const over = rows.filter((r) => r.bytes > r.budget);
  if (over.length) {
    console.error(`\n${over.length} route(s) over budget:\n${over.map((r) => `  ${r.name}: ${kB(r.bytes)} kB > ${kB(r.budget)} kB`).join('\n')}`);
    process.exitCode = 1;
  } else {
    const overTarget = rows.filter((r) => r.bytes > r.target).length;
    process.stdout.write(`\nAll ${rows.length} routes within budget; ${overTarget} still over issue 15's target (ceilings in scripts/lib/bundle-budgets.mjs).\n`);
  }
}

try {
  main();
} catch (error) {
  console.error(`check:bundle: ${error.message}`);
  process.exitCode = 1;
}
