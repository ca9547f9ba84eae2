/**
 * A random id for this browser, kept in its storage, sent with every call (X-Browser-Id) so that the server can
 * tell a login from a browser the account has not used before and mail its owner. It identifies nothing but
 * "this browser again"; a browser without storage sends none and is known by its User-Agent instead.
 */
export const browserIdStorageKey = 'spits-portal.browser-id';

let cached: string | null | undefined;

export function browserId(): string | null {
  if (cached !== undefined) return cached;
  try {
    let id = window.localStorage.getItem(browserIdStorageKey);
    if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      id = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      window.localStorage.setItem(browserIdStorageKey, id);
    }
    cached = id;
  } catch {
    cached = null;
  }
  return cached;
}
