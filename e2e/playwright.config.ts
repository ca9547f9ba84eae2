import { defineConfig, devices } from '@playwright/test';
import { baseURL } from './support/env.js';
import { keptFailedImports } from './support/tags.js';

/** mobile.spec.ts, mobile-read-screens.spec.ts, … */
const mobileTests = /(?:^|[\\/])mobile[^\\/]*\.spec\.ts$/;

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Browser tests: Debian's Chromium drives the built web app served by the real API on a fresh embedded
 * database, with a real SMTP server started by the run (global-setup.ts).
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // A whole journey (sixteen screens, or a colleague added, activated and logged in) takes 15–20 s on an idle
  // 2-core machine and three times that while the machine is busy: the limit leaves room for that, and every
  // step still waits for what it needs rather than for a fixed time.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    // No trace: recording one for every test (to keep it on failure) made each page load take 2.5 times as long
    // on these machines (its screencast is rendered in software), and the suite half again as long. A failure
    // keeps its screenshot and the page's accessibility snapshot (error-context.md); `--trace on` records one
    // when a failure needs more.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  // The phone's tests are the files named mobile*.spec.ts; every other file is the desktop's.
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } }, testIgnore: mobileTests },
    { name: 'mobile', use: { ...devices['Pixel 7'] }, testMatch: mobileTests },
    // Chromium before 156 kept a failed import() in its module map, and so do the browsers of care institutions
    // that lag behind: the tests of code fetched again after a failure run there too.
    {
      name: 'older-chromium',
      grep: new RegExp(keptFailedImports),
      testIgnore: mobileTests,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 900 },
        launchOptions: { executablePath, args: [...chromiumArgs, '--disable-features=ModuleMapDoNotCacheFailedFetch'] },
      },
    },
  ],
});
