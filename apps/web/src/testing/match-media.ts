import { vi } from 'vitest';

/** jsdom has no matchMedia; this one answers a media query as a screen of the given kind would. */
function stubScreen(matches: (query: string) => boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/** A desktop screen: every min-width query matches. */
export const stubDesktopScreen = () => stubScreen((query) => query.includes('min-width'));

/** A phone screen: every max-width query matches. */
export const stubPhoneScreen = () => stubScreen((query) => query.includes('max-width'));
