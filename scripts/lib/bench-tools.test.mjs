import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { apiTools, builtApiTool, root } from './bundle-api.mjs';

// A loader that refuses the development packages a plain server does not have, as the bench's own modules load.
const folder = mkdtempSync(path.join(os.tmpdir(), 'bench-tools-'));
const hooks = path.join(folder, 'hooks.mjs');
writeFileSync(
  hooks,
  `export async function resolve(specifier, context, next) {
    if (/^(esbuild|tsx|typescript)(\\/|$)/.test(specifier)) throw new Error('development package asked for: ' + specifier);
    return next(specifier, context);
  }`,
);
const register = path.join(folder, 'register.mjs');
writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('npm run bench on a built checkout', () => {
  it('loads its modules without esbuild or a TypeScript runner', () => {
    const modules = ['bench-data.mjs', 'bench-measure.mjs', 'bench-report.mjs', 'bench-workers.mjs', 'bundle-api.mjs'];
    const script = modules.map((name) => `await import(${JSON.stringify(pathToFileURL(path.join(root, 'scripts/lib', name)).href)});`).join('\n');
    const run = spawnSync(process.execPath, ['--import', register, '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).not.toMatch(/development package asked for/);
    expect(run.status).toBe(0);
  });

  it('uses the tools npm run build bundles, and bundles none itself', () => {
    const bench = readFileSync(path.join(root, 'scripts/bench.mjs'), 'utf8');
    expect(bench).not.toMatch(/bundleApiTool/);
    expect(bench).toMatch(/builtApiTool\('bench-direct'\)/);
    expect(readFileSync(path.join(root, 'scripts/build-api.mjs'), 'utf8')).toMatch(/apiTools/);
    for (const [name, entry] of Object.entries(apiTools)) {
      expect(existsSync(path.join(root, entry))).toBe(true);
      expect(builtApiTool(name)).toBe(path.join(root, 'apps/api/dist/tools', `${name}.js`));
    }
  });
});
