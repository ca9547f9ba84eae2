import { vi } from 'vitest';

/** jsdom has no matchMedia; this one answers as a desktop screen would (every min-width query matches). */
export function stubDesktopScreen(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
