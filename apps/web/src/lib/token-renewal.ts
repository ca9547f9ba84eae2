import { feedback, type CallDefinition } from '@portal/contract';
import { ApiError, readJson, toApiError } from './api-errors';

/**
 * How one door renews its access token: where its session lives, which call renews it and with what, and what
 * the renewal's answer holds.
 */
export interface RenewalConfig<Session> {
  getSession(): Session | null;
  setSession(session: Session): void;
  accessTokenOf(session: Session): string;
  call: CallDefinition;
  bodyOf(session: Session): unknown;
  /** The new session in the renewal's answer; null when it holds none. */
  read(json: unknown): Session | null;
  /**
   * An answer without a session drops the waiting requests (the customer's spec); where the door says so, it
   * ends the session as a refusal does.
   */
  endsOnEmptyAnswer: boolean;
  /**
   * Set where refresh tokens are single use (a reused one revokes the whole session): the browser's Web Lock of
   * this name serialises the tabs, and inside it a token another tab already renewed is taken as it is.
   */
  tabLock?: string;
  /** Clears the stored session and sends the user to the door's login. */
  endSession(): void;
}

type RefreshOutcome =
  | { kind: 'renewed'; accessToken: string }
  /** The server answered without tokens: the waiting requests are dropped. */
  | { kind: 'empty' }
  /** The server refused the refresh token: the session has ended. */
  | { kind: 'refused' }
  /** No usable answer (network, 5xx, 429): the requests fail, the session stays for a later try. */
  | { kind: 'unavailable'; error: unknown };

/**
 * The one renewal of a door's access token, shared by every request that fails meanwhile (single flight): it
 * resolves to the token to replay with, or rejects with a 401 ApiError (refused, or an answer without tokens)
 * or the error that kept the server from answering.
 */
export function createTokenRenewal<Session>(config: RenewalConfig<Session>): (failedToken: string | null) => Promise<string> {
  let inFlight: Promise<RefreshOutcome> | null = null;

  async function refreshOnce(failedToken: string | null): Promise<RefreshOutcome> {
    const session = config.getSession();
    if (!session) {
      config.endSession();
      return { kind: 'refused' };
    }
    const current = config.accessTokenOf(session);
    if (failedToken && current !== failedToken) return { kind: 'renewed', accessToken: current };
    let response: Response;
    try {
      response = await fetch(config.call.path, {
        method: config.call.method,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(config.bodyOf(session)),
        credentials: 'same-origin',
      });
    } catch (error) {
      return { kind: 'unavailable', error };
    }
    if (!response.ok) {
      if (response.status >= 500 || response.status === 429) return { kind: 'unavailable', error: await toApiError(response) };
      config.endSession();
      return { kind: 'refused' };
    }
    const renewed = config.read(await readJson(response));
    if (!renewed) {
      if (!config.endsOnEmptyAnswer) return { kind: 'empty' };
      config.endSession();
      return { kind: 'refused' };
    }
    config.setSession(renewed);
    return { kind: 'renewed', accessToken: config.accessTokenOf(renewed) };
  }

  return async function renew(failedToken) {
    const session = config.getSession();
    // A renewal that finished after this request was sent has already given us a newer token.
    if (session && failedToken && config.accessTokenOf(session) !== failedToken) return config.accessTokenOf(session);

    inFlight ??= withTabLock(config.tabLock, () => refreshOnce(failedToken)).finally(() => {
      inFlight = null;
    });
    const outcome = await inFlight;
    switch (outcome.kind) {
      case 'renewed':
        return outcome.accessToken;
      case 'unavailable':
        throw outcome.error;
      case 'empty':
      case 'refused':
        throw new ApiError(401, { type: 'about:blank', title: feedback.unauthorized, status: 401 });
    }
  };
}

async function withTabLock<T>(name: string | undefined, task: () => Promise<T>): Promise<T> {
  const locks = name && typeof navigator !== 'undefined' ? (navigator.locks as LockManager | undefined) : undefined;
  return locks && name ? await locks.request(name, task) : await task();
}
