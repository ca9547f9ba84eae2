import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each test file builds its own app on its own database, so files run in parallel.
    pool: 'forks',
    // The files share their worker's modules (no module is mocked in an API test): the app's module graph is
    // imported once per worker instead of once per file, which was a third of the suite's time.
    isolate: false,
  },
});
