import { useSyncExternalStore } from 'react';
import { authData, sessionStorageKey, type AuthData } from '@portal/contract';

/**
 * The session (access token, refresh token, user info) lives in localStorage, so that every tab shares it
 * and a reload keeps the user logged in. Reads always go to storage, because another tab may have refreshed
 * or ended the session in the meantime.
 */
export type Session = AuthData;

type Listener = () => void;
const listeners = new Set<Listener>();

let cachedRaw: string | null = null;
let cachedSession: Session | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(sessionStorageKey);
  } catch {
    return null;
  }
}

/** The stored session, or null when there is none or what is stored is not a session. */
export function getSession(): Session | null {
  const raw = readRaw();
  if (raw === cachedRaw) return cachedSession;
  cachedRaw = raw;
  cachedSession = parse(raw);
  return cachedSession;
}

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const result = authData.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

export function setSession(session: Session): void {
  window.localStorage.setItem(sessionStorageKey, JSON.stringify(session));
  notify();
}

export function clearSession(): void {
  window.localStorage.removeItem(sessionStorageKey);
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab logging in, refreshing or logging out changes our session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === sessionStorageKey) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current session; re-renders when it is set, refreshed or cleared (in this tab or another). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeToSession, getSession, () => null);
}

/**
 * The customer the stored session belongs to, as our server's access token names it (its `cid` claim); null
 * without a session, and the same placeholder for any session whose token says nothing about it (another
 * server's). Read only to tell one customer's cached data from another's, never to decide access.
 */
export function sessionCustomer(): string | null {
  const token = getSession()?.accessToken;
  if (!token) return null;
  try {
    const payload: unknown = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')));
    const cid = typeof payload === 'object' && payload !== null ? (payload as { cid?: unknown }).cid : undefined;
    return typeof cid === 'string' ? cid : 'session';
  } catch {
    return 'session';
  }
}
