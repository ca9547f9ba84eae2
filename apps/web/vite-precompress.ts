import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth compressing: text. Pictures and fonts are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest|xml)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const minBytes = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of the build, once
 * at build time, so that the server sends the smallest the browser accepts without compressing per request
 * (@fastify/static `preCompressed`; decision 0024). A copy that is not smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for await (const file of filesUnder(outDir)) {
        if (!compressible.test(file) || (await stat(file)).size < minBytes) continue;
        const content = await readFile(file);
        const brotli = brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        });
        const gzip = gzipSync(content, { level: 9 });
        if (brotli.length < content.length) await writeFile(`${file}.br`, brotli);
        if (gzip.length < content.length) await writeFile(`${file}.gz`, gzip);
      }
    },
  };
}
