import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { loginShell } from './vite-login-shell';
import { precompress } from './vite-precompress';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  // Pinned so that `vite build` and `vitest` behave the same from the workspace root and from apps/web.
  root,
  plugins: [react(), loginShell(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The gzip column of the chunk report is how we keep the login page light.
    reportCompressedSize: true,
    target: 'es2022',
    // dist/.vite/manifest.json: the chunk graph that scripts/check-bundle.mjs holds to its budgets.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // MUI's own helpers (styling, slots, refs, ids), a few hundred bytes each and shared by nearly every
            // screen: one chunk with the styling core the entry loads anyway, instead of twenty requests of their own
            // on a phone's slow line (decision 0105).
            { name: 'mui-core', test: /[\\/]node_modules[\\/]@mui[\\/](utils|system|styled-engine|private-theming|material[\\/](styles|utils|zero-styled|internal|DefaultPropsProvider))[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // A whole route rendered with MUI in jsdom takes seconds when the machine is busy (a parallel API
    // test run, a browser): the default 5 s made sound tests fail at random, and 15 s did at a load of 8 on
    // two cores (a long form filled in). A test still waits for what it needs, never for a fixed time.
    testTimeout: 30_000,
    unstubGlobals: true,
    // The files of a worker share its modules and jsdom (each test restores its mocks, stubs and DOM): the
    // app's module graph is imported once per worker, not once per file (the suite 250 s to 120 s).
    isolate: false,
  },
});
