import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a call answers on success:
 * - a zod schema: a JSON body,
 * - 'empty': 204 without a body,
 * - 'file': a binary download whose file name is in Content-Disposition.
 */
export type SuccessBody = z.ZodType | 'empty' | 'file';

/**
 * A body the server does not parse whole but hands to the call as it streams in (the integration door's batches,
 * a file of many megabytes): `rows`, rows of that schema as NDJSON (one per line) or a JSON array, read one by one;
 * `bytes`, raw bytes of one of these media types.
 */
export type StreamedBody = { rows: z.ZodType } | { bytes: readonly string[] };

export interface CallDefinition<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends SuccessBody = SuccessBody,
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
  TStream extends StreamedBody | undefined = StreamedBody | undefined,
  TAnswer extends 'ndjson' | undefined = 'ndjson' | undefined,
> {
  controller: string;
  action: string;
  method: HttpMethod;
  /**
   * `/api/portal/<Controller>/<Action>` (`/api/backoffice/…` for the back-office door), or a path of its own with
   * `{name}` for each of its `params` (the integration door's resources)
   */
  path: string;
  /** The path's parameters, an object schema naming each `{name}` of `path`. */
  params?: TParams;
  /** A body streamed to the call instead of `body` (see `StreamedBody`). */
  stream?: TStream;
  /** 'ndjson': the answer streams rows of `response`, one JSON document per line. */
  answer?: TAnswer;
  /** false for the anonymous authentication calls; every other call needs a bearer token. */
  auth: boolean;
  /** JSON body (POST/PUT). Multipart uploads have none here. */
  body: TBody;
  /** Query string parameters, named as the spec names them. */
  query: TQuery;
  response: TResponse;
  /** Statuses other than 2xx and the generic 400/401/403/404/429 this call may answer. */
  extraStatuses?: readonly number[];
  summary: string;
  multipart?: boolean;
  /**
   * A submission (a form, an order): it takes an `Idempotency-Key` header (a retry with the same key and body
   * answers the first answer again) and counts against the account's submission limits (an integration client's
   * batches have none).
   */
  submission?: boolean;
  /**
   * The roles of its door that may make it (a customer's Administrator, a staff role, an integration client's
   * OAuth scope); left out: every role of the door. Declared here once: the door admits by it, and the web app
   * shows a screen only to these roles.
   */
  roles?: readonly string[];
  /**
   * The body of its 4xx answers when it is not (only) a problem document: the OAuth token endpoint answers its
   * refusals as RFC 6749 §5.2 says.
   */
  errorBody?: z.ZodType;
  /** 'form': the body comes form-urlencoded (`body` describes its fields), as OAuth asks of a token request. */
  bodyEncoding?: 'form';
}

export const API_BASE = '/api/portal';
/** The provider staff's door (architecture: three doors): `/api/backoffice/<Controller>/<Action>`. */
export const BACKOFFICE_BASE = '/api/backoffice';

export function defineCall<
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TResponse extends SuccessBody = 'empty',
  TParams extends z.ZodType | undefined = undefined,
  TStream extends StreamedBody | undefined = undefined,
  TAnswer extends 'ndjson' | undefined = undefined,
>(def: {
  controller: string;
  action: string;
  method: HttpMethod;
  auth?: boolean;
  body?: TBody;
  query?: TQuery;
  response?: TResponse;
  extraStatuses?: readonly number[];
  summary: string;
  multipart?: boolean;
  submission?: boolean;
  roles?: readonly string[];
  /** the door's base path; the portal's by default */
  base?: string;
  /** a path of its own instead of `<base>/<controller>/<action>`, with `{name}` for each of `params` */
  path?: string;
  params?: TParams;
  stream?: TStream;
  answer?: TAnswer;
  errorBody?: z.ZodType;
  bodyEncoding?: 'form';
}): CallDefinition<TBody, TQuery, TResponse, TParams, TStream, TAnswer> {
  return {
    controller: def.controller,
    action: def.action,
    method: def.method,
    path: def.path ?? `${def.base ?? API_BASE}/${def.controller}/${def.action}`,
    auth: def.auth ?? true,
    body: def.body as TBody,
    query: def.query as TQuery,
    response: (def.response ?? 'empty') as TResponse,
    extraStatuses: def.extraStatuses,
    summary: def.summary,
    multipart: def.multipart,
    submission: def.submission,
    ...(def.roles ? { roles: def.roles } : {}),
    // Only what a call declares: the portal's and back-office's calls keep the shape they always had.
    ...(def.params ? { params: def.params } : {}),
    ...(def.stream ? { stream: def.stream } : {}),
    ...(def.answer ? { answer: def.answer } : {}),
    ...(def.errorBody ? { errorBody: def.errorBody } : {}),
    ...(def.bodyEncoding ? { bodyEncoding: def.bodyEncoding } : {}),
  };
}

/**
 * One call as declared inside its controller (see `controller`): the controller is the group's, and the action
 * is the call's key with a capital first letter unless `action` says otherwise.
 */
export interface CallSpec {
  action?: string;
  method: HttpMethod;
  auth?: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  response?: SuccessBody;
  extraStatuses?: readonly number[];
  summary: string;
  multipart?: boolean;
  submission?: boolean;
  /** where the call's roles differ from its controller's */
  roles?: readonly string[];
}

/** The call definition a `CallSpec` becomes, with its body, query and response types kept. */
export type DefinedCall<S extends CallSpec> = CallDefinition<
  S extends { body: infer B extends z.ZodType } ? B : undefined,
  S extends { query: infer Q extends z.ZodType } ? Q : undefined,
  S extends { response: infer R extends SuccessBody } ? R : 'empty',
  undefined,
  undefined,
  undefined
>;

/**
 * The calls of one controller of the spec, keyed by their action in camelCase:
 * `controller('Faq', { getFaqItems: { method: 'GET', … } })` declares `/api/portal/Faq/GetFaqItems`.
 */
export function controller<const D extends Record<string, CallSpec>>(
  name: string,
  specs: D,
  options: { base?: string; roles?: readonly string[] } = {},
): { [K in keyof D]: DefinedCall<D[K]> } {
  const defined: Record<string, CallDefinition> = {};
  for (const [key, spec] of Object.entries(specs)) {
    const action = spec.action ?? key.charAt(0).toUpperCase() + key.slice(1);
    defined[key] = defineCall({ ...spec, controller: name, action, base: options.base, roles: spec.roles ?? options.roles });
  }
  return defined as { [K in keyof D]: DefinedCall<D[K]> };
}

/** A GET call, to declare inside its `controller`, that answers every `item` it has as a JSON array. */
export function listCall<T extends z.ZodType>(def: { item: T; summary: string }) {
  return { method: 'GET', response: z.array(def.item), summary: def.summary } as const;
}

/**
 * A submission, to declare inside its `controller`: a form or an order POSTed as `body`, answered with `response`
 * or without a body (see `CallDefinition.submission`).
 */
export function submissionCall<const D extends { body: z.ZodType; response?: SuccessBody; summary: string }>(def: D) {
  return { method: 'POST', submission: true, ...def } as const;
}

export type BodyOf<C> = C extends CallDefinition<infer B, z.ZodType | undefined, SuccessBody>
  ? B extends z.ZodType
    ? z.input<B>
    : undefined
  : never;
export type ParsedBodyOf<C> = C extends CallDefinition<infer B, z.ZodType | undefined, SuccessBody>
  ? B extends z.ZodType
    ? z.output<B>
    : undefined
  : never;
export type QueryOf<C> = C extends CallDefinition<z.ZodType | undefined, infer Q, SuccessBody>
  ? Q extends z.ZodType
    ? z.input<Q>
    : undefined
  : never;
export type ResponseOf<C> = C extends CallDefinition<z.ZodType | undefined, z.ZodType | undefined, infer R>
  ? R extends z.ZodType
    ? z.output<R>
    : R extends 'file'
      ? Blob
      : void
  : never;
