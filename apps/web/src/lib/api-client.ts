import {
  authData,
  calls,
  feedback,
  problemDocument,
  type BodyOf,
  type CallDefinition,
  type ProblemDocument,
  type QueryOf,
  type ResponseOf,
  type SuccessBody,
} from '@portal/contract';
import type { z } from 'zod';
import { fileNameFromContentDisposition } from './content-disposition';
import { readLeniently } from './lenient';
import { paths } from './paths';
import { clearSession, getSession, setSession } from './session';

/** A non-2xx answer: its status and the problem document (with `errors` per field for a 400). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly problem: ProblemDocument,
    /** Seconds to wait, from the Retry-After header of a 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(problem.detail ?? problem.title);
  }
}

/**
 * A submit that got no answer: the network is gone, or the server did not answer within `submissionTimeout.ms`.
 * The form keeps what was typed; the submit can be tried again.
 */
export class ConnectionError extends Error {
  override readonly name = 'ConnectionError';
}

/** How long a submit waits for its answer before the form says the connection is gone (a test shortens it). */
export const submissionTimeout = { ms: 30_000 };

/** A 2xx answer whose body does not match the contract. */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
}

type AnyCall = CallDefinition;

/** What a call resolves to; a file download is a `File`, so that its name travels with it. */
export type CallResult<C extends AnyCall> = C['response'] extends 'file' ? File : ResponseOf<C>;

type BodyOption<C extends AnyCall> = BodyOf<C> extends undefined ? { body?: undefined } : { body: BodyOf<C> };
type QueryOption<C extends AnyCall> = QueryOf<C> extends undefined ? { query?: undefined } : { query: QueryOf<C> };
export type CallOptions<C extends AnyCall> = BodyOption<C> & QueryOption<C> & { signal?: AbortSignal };
type CallArgs<C extends AnyCall> = BodyOf<C> extends undefined
  ? QueryOf<C> extends undefined
    ? [options?: CallOptions<C>]
    : [options: CallOptions<C>]
  : [options: CallOptions<C>];

type SessionEndedHandler = () => void;
let sessionEndedHandler: SessionEndedHandler = () => window.location.assign(paths.auth.login.path);

/** Where the user goes when the session ends (refresh refused, logout); the app routes to /auth. */
export function setSessionEndedHandler(handler: SessionEndedHandler): void {
  sessionEndedHandler = handler;
}

function endSession(): void {
  clearSession();
  sessionEndedHandler();
}

/**
 * Calls one endpoint of the contract. Calls with `auth` carry the bearer token; a 401 renews the token once
 * (shared by every request that fails meanwhile) and replays the request with the new token.
 */
export function callApi<C extends AnyCall>(call: C, ...[options]: CallArgs<C>): Promise<CallResult<C>> {
  return request(call, (options ?? {}) as RequestOptions);
}

/**
 * Sends a call that takes a JSON body only. The same as `callApi`, for generic helpers (lib/call-query.ts): where
 * the body's type is still a type parameter, `callApi`'s argument list cannot be worked out.
 */
export function callWithBody<Body extends z.ZodType, R extends SuccessBody>(
  call: CallDefinition<Body, undefined, R>,
  body: z.input<Body>,
): Promise<CallResult<CallDefinition<Body, undefined, R>>> {
  return request(call, { body });
}

/**
 * A GET of a path outside the contract (the deployment profile) as the signed-in user, when there is one: the
 * bearer token sent, and on a 401 renewed once (as for every call) and the request sent again.
 */
export async function getAsSignedIn(path: string, signal?: AbortSignal): Promise<Response> {
  const get = (token: string | null) =>
    fetch(path, { signal, headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  const sentToken = getSession()?.accessToken ?? null;
  const response = await get(sentToken);
  if (response.status !== 401 || !sentToken) return response;
  return get(await renewAccessToken(sentToken));
}

interface RequestOptions {
  body?: unknown;
  query?: unknown;
  signal?: AbortSignal;
}

async function request<C extends AnyCall>(call: C, options: RequestOptions): Promise<CallResult<C>> {
  if (!call.submission || options.signal) return requestOnce(call, options);
  // A submit never hangs: without an answer in time it stops, and the screen says the connection is gone.
  try {
    return await requestOnce(call, { ...options, signal: AbortSignal.timeout(submissionTimeout.ms) });
  } catch (error) {
    if (error instanceof ApiError || error instanceof UnexpectedResponseError) throw error;
    throw new ConnectionError('no answer to the submit', { cause: error });
  }
}

async function requestOnce<C extends AnyCall>(call: C, options: RequestOptions): Promise<CallResult<C>> {
  const opts = {
    ...options,
    // One key per submit: the replay after a token renewal is the same submit, and the server answers it once.
    idempotencyKey: call.submission ? newIdempotencyKey() : undefined,
  };
  const sentToken = call.auth ? (getSession()?.accessToken ?? null) : null;
  let response = await send(call, opts, sentToken);
  if (response.status === 401 && call.auth) {
    const renewedToken = await renewAccessToken(sentToken);
    response = await send(call, opts, renewedToken);
  }
  if (!response.ok) throw await toApiError(response);
  return (await readResult(call, response)) as CallResult<C>;
}

/**
 * Sends a call and answers its `Response` with the body still unread, for a download read as it arrives (progress,
 * cancel). The bearer token and its one renewal on a 401 are as for every call; a non-2xx answer is an ApiError.
 */
export async function callForResponse<C extends AnyCall>(
  call: C,
  options: { query?: QueryOf<C>; signal?: AbortSignal } = {},
): Promise<Response> {
  const sentToken = call.auth ? (getSession()?.accessToken ?? null) : null;
  let response = await send(call, options, sentToken);
  if (response.status === 401 && call.auth) response = await send(call, options, await renewAccessToken(sentToken));
  if (!response.ok) throw await toApiError(response);
  return response;
}

/**
 * Uploads one file (multipart field `file`) to a multipart call of the contract. The access token is renewed
 * first (spec section 4: forms refresh the token before an upload), so that a long upload does not start with
 * a token about to expire; a 401 meanwhile renews it once more and replays, as for every call.
 */
export async function uploadWithFreshToken<C extends AnyCall>(
  call: C,
  file: File,
  options: { query?: QueryOf<C>; signal?: AbortSignal } = {},
): Promise<CallResult<C>> {
  const current = getSession()?.accessToken ?? null;
  const token = await renewAccessToken(current);
  const form = () => {
    const data = new FormData();
    data.append('file', file, file.name);
    return data;
  };
  let response = await send(call, { query: options.query, signal: options.signal, formData: form() }, token);
  if (response.status === 401) {
    response = await send(call, { query: options.query, signal: options.signal, formData: form() }, await renewAccessToken(token));
  }
  if (!response.ok) throw await toApiError(response);
  return (await readResult(call, response)) as CallResult<C>;
}

/**
 * Ends the session: tells the server (which revokes the refresh tokens) and, whatever it answers or when it
 * does not answer in time, clears the stored session and sends the user to /auth.
 */
export async function logout(): Promise<void> {
  try {
    if (getSession()) await callApi(calls.authentication.logout, { signal: AbortSignal.timeout(logoutTimeoutMs) });
  } catch {
    // The local session ends regardless; the server-side tokens expire on their own.
  } finally {
    endSession();
  }
}

const logoutTimeoutMs = 5000;

/** 128 random bits in hex; getRandomValues also works where randomUUID does not (a portal on plain http). */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** One request of a call, with its token when the call needs one (the back-office client sends through it too). */
export function send(
  call: AnyCall,
  options: { body?: unknown; query?: unknown; signal?: AbortSignal; formData?: FormData; idempotencyKey?: string },
  accessToken: string | null,
): Promise<Response> {
  const headers = new Headers({ Accept: call.response === 'file' ? '*/*' : 'application/json' });
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  let body: string | FormData | undefined = options.formData;
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (call.auth && accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  return fetch(withQuery(call.path, options.query), {
    method: call.method,
    headers,
    body,
    signal: options.signal,
    credentials: 'same-origin',
  });
}

function withQuery(path: string, query: unknown): string {
  if (!query || typeof query !== 'object') return path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** A 2xx answer as the call declares it: read leniently, a file with its name, or nothing. */
export async function readResult(call: AnyCall, response: Response): Promise<unknown> {
  if (call.response === 'empty') return undefined;
  if (call.response === 'file') {
    const name = fileNameFromContentDisposition(response.headers.get('Content-Disposition')) ?? 'download';
    const type = response.headers.get('Content-Type') ?? '';
    return new File([await response.arrayBuffer()], name, { type });
  }
  const json = await readJson(response);
  // A server of the spec answers a submit without a body (ours answers its receipt): taken as done.
  if (json === undefined && call.submission) return undefined;
  const parsed = readLeniently(call.response, json);
  if (!parsed.ok) {
    throw new UnexpectedResponseError(`${call.controller}/${call.action}: the response does not match the contract`);
  }
  return parsed.data;
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A non-2xx answer as an ApiError with its problem document. */
export async function toApiError(response: Response): Promise<ApiError> {
  const fallback: ProblemDocument = {
    type: 'about:blank',
    title: response.statusText || `HTTP ${response.status}`,
    status: response.status,
  };
  const parsed = problemDocument.partial().safeParse(await readJson(response));
  const problem = parsed.success ? { ...fallback, ...parsed.data, status: response.status } : fallback;
  const retryAfter = Number(response.headers.get('Retry-After'));
  return new ApiError(response.status, problem, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
}

// --- Renewing the access token -------------------------------------------------------------------------

type RefreshOutcome =
  | { kind: 'renewed'; accessToken: string }
  /** The server answered without tokens: the waiting requests are dropped. */
  | { kind: 'empty' }
  /** The server refused the refresh token: the session has ended. */
  | { kind: 'refused' }
  /** No usable answer (network, 5xx, 429): the requests fail, the session stays for a later try. */
  | { kind: 'unavailable'; error: unknown };

let refreshInFlight: Promise<RefreshOutcome> | null = null;
const refreshLockName = 'spits-portal.refresh-access-token';

async function renewAccessToken(failedToken: string | null): Promise<string> {
  const current = getSession();
  // A refresh that finished after this request was sent has already given us a newer token.
  if (current && failedToken && current.accessToken !== failedToken) return current.accessToken;

  refreshInFlight ??= withTabLock(() => refreshOnce(failedToken)).finally(() => {
    refreshInFlight = null;
  });
  const outcome = await refreshInFlight;
  switch (outcome.kind) {
    case 'renewed':
      return outcome.accessToken;
    case 'unavailable':
      throw outcome.error;
    case 'empty':
    case 'refused':
      throw new ApiError(401, { type: 'about:blank', title: feedback.unauthorized, status: 401 });
  }
}

/**
 * Refresh tokens are single use and a reused one revokes the whole session, so two tabs must never refresh
 * with the same token: the browser's Web Locks serialise tabs, and inside the lock a token another tab already
 * renewed is taken as it is.
 */
async function withTabLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined);
  return locks ? await locks.request(refreshLockName, task) : await task();
}

async function refreshOnce(failedToken: string | null): Promise<RefreshOutcome> {
  const session = getSession();
  if (!session) {
    endSession();
    return { kind: 'refused' };
  }
  if (failedToken && session.accessToken !== failedToken) return { kind: 'renewed', accessToken: session.accessToken };

  const call = calls.authentication.refreshAccessToken;
  let response: Response;
  try {
    response = await fetch(call.path, {
      method: call.method,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ accessToken: session.accessToken, refreshToken: session.refreshToken }),
      credentials: 'same-origin',
    });
  } catch (error) {
    return { kind: 'unavailable', error };
  }
  if (!response.ok) {
    if (response.status >= 500 || response.status === 429) return { kind: 'unavailable', error: await toApiError(response) };
    endSession();
    return { kind: 'refused' };
  }
  const renewed = authData.safeParse(await readJson(response));
  if (!renewed.success) return { kind: 'empty' };
  setSession(renewed.data);
  return { kind: 'renewed', accessToken: renewed.data.accessToken };
}

/**
 * Whether a call of ours (not of the spec) is missing on this server: a server of the spec's API alone answers
 * 404, 405 or 501, or its web app's page instead of JSON. The screen then leaves out what needs the call.
 */
export const callMissing = (error: unknown) =>
  (error instanceof ApiError && [404, 405, 501].includes(error.status)) || error instanceof UnexpectedResponseError;
