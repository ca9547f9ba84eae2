import { afterAll, beforeAll } from 'vitest';
import type { TestContext } from './harness.js';

/**
 * What a test file (or a `describe` block) opens once before its tests and closes after them, read inside the
 * tests: `const forms = useOpened(openForms)`, then `forms.ctx`, `forms.token`. The fields are there once the
 * `beforeAll` has run; reading one earlier (at the top level of the file) throws. By default closing closes the
 * test context.
 */
export function useOpened<T extends { ctx: TestContext }>(
  open: () => Promise<T>,
  close: (opened: T) => Promise<void> = (opened) => opened.ctx.close(),
): T {
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    if (opened) await close(opened);
  });
  // A view that reads the fields of what is open now, so that a test file can hold it in a const at its top.
  return new Proxy({} as T, {
    get(_view, field) {
      if (!opened) throw new Error(`${String(field)} is read before the beforeAll that opens it has run`);
      return Reflect.get(opened, field);
    },
  });
}
