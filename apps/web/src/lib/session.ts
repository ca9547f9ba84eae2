import { authData, sessionStorageKey, type AuthData } from '@portal/contract';
import { createSessionStore } from './session-store';

/**
 * The customer's session (access token, refresh token, user info), in localStorage (lib/session-store.ts).
 */
export type Session = AuthData;

const store = createSessionStore(sessionStorageKey, authData);

/** The stored session, or null when there is none or what is stored is not a session. */
export const getSession = (): Session | null => store.get();
export const setSession = (session: Session): void => store.set(session);
export const clearSession = (): void => store.clear();
export const subscribeToSession = store.subscribe;
/** The current session; re-renders when it is set, refreshed or cleared (in this tab or another). */
export const useSession = (): Session | null => store.useSession();

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
