import { useSyncExternalStore } from 'react';
import type { z } from 'zod';

/**
 * A session kept in localStorage under `key`, so that every tab shares it and a reload keeps the user logged
 * in. Reads always go to storage, because another tab may have refreshed or ended the session meanwhile. The
 * customer's session and the back-office's are two stores, with keys of their own.
 */
export function createSessionStore<S extends z.ZodType>(key: string, schema: S) {
  type Session = z.output<S>;
  type Listener = () => void;
  const listeners = new Set<Listener>();
  let cachedRaw: string | null = null;
  let cachedSession: Session | null = null;

  function readRaw(): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  function parse(raw: string | null): Session | null {
    if (!raw) return null;
    try {
      const result = schema.safeParse(JSON.parse(raw));
      return result.success ? result.data : null;
    } catch {
      return null;
    }
  }

  /** The stored session, or null when there is none or what is stored is not a session. */
  function get(): Session | null {
    const raw = readRaw();
    if (raw === cachedRaw) return cachedSession;
    cachedRaw = raw;
    cachedSession = parse(raw);
    return cachedSession;
  }

  function notify(): void {
    for (const listener of listeners) listener();
  }

  function set(session: Session): void {
    window.localStorage.setItem(key, JSON.stringify(session));
    notify();
  }

  function clear(): void {
    window.localStorage.removeItem(key);
    notify();
  }

  function subscribe(listener: Listener): () => void {
    listeners.add(listener);
    // Another tab logging in, refreshing or logging out changes our session too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === key) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  /** The current session; re-renders when it is set, refreshed or cleared (in this tab or another). */
  function useStoredSession(): Session | null {
    return useSyncExternalStore(subscribe, get, () => null);
  }

  return { get, set, clear, subscribe, useSession: useStoredSession };
}
