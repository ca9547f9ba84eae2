import { act } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';

/**
 * Holds every timer set for exactly `ms` milliseconds until the test releases it; other timers run as usual.
 * A rule such as "the kinds arrive after the watcher's 100 ms" is then tested by what happens before and after
 * the timer, whatever the machine's speed. A timer cleared while held is dropped. Call it inside a test.
 */
export function holdTimersOf(ms: number) {
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  // Each held timer is keyed by a real handle that never fires, so that clearTimeout gets what it expects.
  const held = new Map<ReturnType<typeof setTimeout>, () => void>();
  const set = vi.spyOn(globalThis, 'setTimeout').mockImplementation((handler, timeout, ...args) => {
    if (timeout !== ms) return realSetTimeout(handler, timeout, ...args);
    const handle = realSetTimeout(() => undefined, 2 ** 31 - 1);
    held.set(handle, () => handler(...args));
    return handle;
  });
  const clear = vi.spyOn(globalThis, 'clearTimeout').mockImplementation((handle) => {
    if (handle !== undefined && typeof handle !== 'string' && typeof handle !== 'number') held.delete(handle);
    realClearTimeout(handle);
  });
  onTestFinished(() => {
    for (const handle of held.keys()) realClearTimeout(handle);
    set.mockRestore();
    clear.mockRestore();
  });
  return {
    /** How many such timers wait. */
    held: () => held.size,
    /** Runs the waiting timers, in the order they were set. */
    release: () => {
      const waiting = [...held.entries()];
      held.clear();
      act(() => {
        for (const [handle, run] of waiting) {
          realClearTimeout(handle);
          run();
        }
      });
    },
  };
}
