import { defineConfig } from 'vitest/config';

/** Unit, component and API tests of every workspace in one run; the browser tests live in e2e/ (Playwright). */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'scripts', root: './scripts', include: ['**/*.test.mjs'] } },
      './apps/api/vitest.config.ts',
      './apps/web/vite.config.ts',
    ],
  },
});
