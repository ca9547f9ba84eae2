import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';

// The first render of a test file builds MUI's styles, which takes more than a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => undefined;

// The environment's object URL functions, as the first test file of a worker found them: the files of a worker
// share one environment, and a test that stubs them (a download, a preview) must not leave the next without them.
const shared = globalThis as { nativeObjectUrls?: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'> };
const nativeObjectUrls = (shared.nativeObjectUrls ??= { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL });

// A console error in a test is a bug that would otherwise go unseen: every test fails on one.
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  Object.assign(URL, nativeObjectUrls);
  window.localStorage.clear();
  expect(consoleErrors, 'console.error was called').toEqual([]);
});
