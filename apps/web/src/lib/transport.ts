import type { CallDefinition, QueryOf } from '@portal/contract';
import { ApiError, ConnectionError, UnexpectedResponseError, toApiError } from './api-errors';
import {
  newIdempotencyKey,
  readResult,
  send,
  type AnyCall,
  type CallArgs,
  type CallResult,
  type RequestOptions,
} from './call-request';
import { createTokenRenewal, type RenewalConfig } from './token-renewal';

/** How long a submit waits for its answer before the form says the connection is gone (a test shortens it). */
export const submissionTimeout = { ms: 30_000 };

const logoutTimeoutMs = 5000;

/** One door of the API as the web app talks to it: its session, its renewal, its login and its logout call. */
export interface DoorConfig<Session> {
  session: { get(): Session | null; set(session: Session): void; clear(): void };
  renewal: Omit<RenewalConfig<Session>, 'getSession' | 'setSession' | 'endSession'>;
  /** Where the user goes when the session ends, until the app's router says otherwise. */
  sessionEnded: () => void;
  /** A 403 renews the session once, so that the screens learn the role the server checks now. */
  renewsOnForbidden: boolean;
  logoutCall: CallDefinition;
}

/** Sends the contract's calls of one door; the call-query factory (lib/call-query.ts) builds on it. */
export interface Transport {
  /** One call: the bearer token sent, a 401 renewed once and replayed; a non-2xx answer thrown as an ApiError. */
  call: <C extends AnyCall>(call: C, ...args: CallArgs<C>) => Promise<CallResult<C>>;
  /** The successful answer of one call, not yet read, for answers read as they arrive (a download's progress). */
  respond: (call: AnyCall, options: RequestOptions) => Promise<Response>;
  /** One file (multipart field `file`, or the body itself), with a token renewed first. */
  upload: <C extends AnyCall>(call: C, file: File, options?: { query?: QueryOf<C>; signal?: AbortSignal }) => Promise<CallResult<C>>;
  /** A GET of a path outside the contract as the signed-in user, when there is one. */
  getAsSignedIn: (path: string, signal?: AbortSignal) => Promise<Response>;
  /** Tells the server and, whatever it answers or when it does not answer in time, ends the session here. */
  logout: () => Promise<void>;
  setSessionEndedHandler: (handler: () => void) => void;
}

export function createTransport<Session>(door: DoorConfig<Session>): Transport {
  let sessionEnded = door.sessionEnded;
  const endSession = () => {
    door.session.clear();
    sessionEnded();
  };
  const tokenOf = (session: Session | null) => (session ? door.renewal.accessTokenOf(session) : null);
  const currentToken = () => tokenOf(door.session.get());
  const renew = createTokenRenewal({ ...door.renewal, getSession: door.session.get, setSession: door.session.set, endSession });

  async function respond(call: AnyCall, options: RequestOptions): Promise<Response> {
    let sentToken = call.auth ? currentToken() : null;
    let response = await send(call, options, sentToken);
    if (response.status === 401 && call.auth) {
      sentToken = await renew(sentToken);
      response = await send(call, options, sentToken);
    }
    // The server checks the role as it is now; a renewed session brings it, so the screens follow (issue 26.7).
    if (response.status === 403 && call.auth && door.renewsOnForbidden) await renew(sentToken).catch(() => null);
    if (!response.ok) throw await toApiError(response);
    return response;
  }

  async function requestOnce(call: AnyCall, options: RequestOptions): Promise<unknown> {
    // One key per submit: the replay after a token renewal is the same submit, and the server answers it once.
    const idempotencyKey = call.submission ? newIdempotencyKey() : undefined;
    return readResult(call, await respond(call, { ...options, idempotencyKey }));
  }

  async function request(call: AnyCall, options: RequestOptions): Promise<unknown> {
    if (!call.submission || options.signal) return requestOnce(call, options);
    // A submit never hangs: without an answer in time it stops, and the screen says the connection is gone.
    try {
      return await requestOnce(call, { ...options, signal: AbortSignal.timeout(submissionTimeout.ms) });
    } catch (error) {
      if (error instanceof ApiError || error instanceof UnexpectedResponseError) throw error;
      throw new ConnectionError('no answer to the submit', { cause: error });
    }
  }

  return {
    call: (call, ...[options]) => request(call, options ?? {}) as Promise<CallResult<typeof call>>,
    respond,
    upload: async (call, file, options = {}) => {
      // The product's states: forms renew the token before an upload, so that a long one does not start with a token
      // about to expire; a 401 meanwhile renews it once more and replays, as for every call.
      const token = await renew(currentToken());
      // A multipart call takes the file as its field `file`; any other takes the file's bytes as the body.
      const payload = () => {
        if (!call.multipart) return file;
        const data = new FormData();
        data.append('file', file, file.name);
        return data;
      };
      const sendWith = (bearer: string) => send(call, { query: options.query, signal: options.signal, payload: payload() }, bearer);
      let response = await sendWith(token);
      if (response.status === 401) response = await sendWith(await renew(token));
      if (!response.ok) throw await toApiError(response);
      return (await readResult(call, response)) as CallResult<typeof call>;
    },
    getAsSignedIn: async (path, signal) => {
      const get = (token: string | null) =>
        fetch(path, { signal, headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
      const sentToken = currentToken();
      const response = await get(sentToken);
      if (response.status !== 401 || !sentToken) return response;
      return get(await renew(sentToken));
    },
    logout: async () => {
      try {
        if (door.session.get()) await request(door.logoutCall, { signal: AbortSignal.timeout(logoutTimeoutMs) });
      } catch {
        // The local session ends regardless; the server-side tokens expire on their own.
      } finally {
        endSession();
      }
    },
    setSessionEndedHandler: (handler) => {
      sessionEnded = handler;
    },
  };
}
