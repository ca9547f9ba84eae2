import { browserIdHeader, type BodyOf, type CallDefinition, type QueryOf, type ResponseOf } from '@portal/contract';
import { UnexpectedResponseError, readJson } from './api-errors';
import { browserId } from './browser-id';
import { fileNameFromContentDisposition } from './content-disposition';
import { readLeniently } from './lenient';

/* One request of a contract call as it goes over the wire, for either door: headers, body, query, reading. */

export type AnyCall = CallDefinition;

/** What a call resolves to; a file download is a `File`, so that its name travels with it. */
export type CallResult<C extends AnyCall> = C['response'] extends 'file' ? File : ResponseOf<C>;

type BodyOption<C extends AnyCall> = BodyOf<C> extends undefined ? { body?: undefined } : { body: BodyOf<C> };
type QueryOption<C extends AnyCall> = QueryOf<C> extends undefined ? { query?: undefined } : { query: QueryOf<C> };
/** What a call is sent with: its body and query as the contract types them. */
export type CallRequest<C extends AnyCall> = BodyOption<C> & QueryOption<C>;
export type CallOptions<C extends AnyCall> = CallRequest<C> & { signal?: AbortSignal };
/** Whether a call must be given its request: it has a body or a query. */
export type NeedsRequest<C extends AnyCall> = BodyOf<C> extends undefined ? (QueryOf<C> extends undefined ? false : true) : true;
export type CallArgs<C extends AnyCall> = NeedsRequest<C> extends true ? [options: CallOptions<C>] : [options?: CallOptions<C>];

/** The options of one request, untyped: what the transport hands down once a call's types have been checked. */
export interface RequestOptions {
  body?: unknown;
  query?: unknown;
  signal?: AbortSignal;
  /** An upload: a multipart form, or a file sent as the body with its own type. */
  payload?: FormData | Blob;
  idempotencyKey?: string;
}

/** 128 random bits in hex; getRandomValues also works where randomUUID does not (a portal on plain http). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** One request of a call, with its token when the call needs one. */
export function send(call: AnyCall, options: RequestOptions, accessToken: string | null): Promise<Response> {
  const headers = new Headers({ Accept: call.response === 'file' ? '*/*' : 'application/json' });
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  const browser = browserId();
  if (browser) headers.set(browserIdHeader, browser);
  let body: string | FormData | Blob | undefined = options.payload;
  if (body instanceof Blob) headers.set('Content-Type', body.type || 'application/octet-stream');
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
