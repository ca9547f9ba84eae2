import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemDocument, validation, type CallDefinition, type ParsedBodyOf, type ResponseOf } from '@portal/contract';
import { badRequest } from './problems.js';
import { hashedBody, refuseUnstreamable } from './streamed-body.js';
import type { IdempotencyOwner, SubmittedBody } from './submission-guard.js';
import type { TenantWork, UnitOfWork } from './unit-of-work.js';

/**
 * Whether a call declares an optional part of its definition (`stream`, `params`, `answer`): 'yes', 'no', or
 * 'maybe' for a call not known in its kind (a `CallDefinition` taken generically).
 */
type Declares<T> = [T] extends [undefined] ? 'no' : undefined extends T ? 'maybe' : 'yes';
type Parts<C> = C extends CallDefinition<infer _B, infer _Q, infer _R, infer P, infer S, infer A> ? { params: P; stream: S; answer: A } : never;

export interface CallRequest<C extends CallDefinition> {
  /** the parsed body; a streamed body's stream, read by the handler as it arrives */
  body: { no: ParsedBodyOf<C>; maybe: ParsedBodyOf<C> | Readable; yes: Readable }[Declares<Parts<C>['stream']>];
  query: C['query'] extends z.ZodType ? z.output<C['query']> : undefined;
  params: Parts<C>['params'] extends z.ZodType ? z.output<Parts<C>['params']> : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A customer's call that acts in its unit of work: the tenant transaction, the claims, audit and mail. */
export type TenantCallRequest<C extends CallDefinition> = CallRequest<C> & UnitOfWork;

export interface CallOptions {
  config?: RouteShorthandOptions['config'];
  preHandler?: RouteShorthandOptions['preHandler'];
  /** The door's guard of the call (its token, session and roles), run before the body is read or validated. */
  guard: (request: FastifyRequest) => Promise<void>;
  /** Who owns a submission's Idempotency-Key, once the guard has admitted the caller; the portal's account by default. */
  keyOwner?: (request: FastifyRequest) => IdempotencyOwner;
}

declare module 'fastify' {
  interface FastifyInstance {
    tenantWork: TenantWork;
  }
}
type AnswerOf<C extends CallDefinition> = C['response'] extends 'file' ? FileAnswer | StreamedFile : ResponseOf<C>;
/** What a call's handler returns: its answer, or the stream of an NDJSON answer. */
export type HandlerResult<C extends CallDefinition> = { no: AnswerOf<C>; maybe: AnswerOf<C> | Readable; yes: Readable }[Declares<Parts<C>['answer']>];

/** A file answered whole. */
export interface FileAnswer {
  fileName: string;
  contentType: string;
  body: Buffer;
  /**
   * A strong entity tag of the body (entityTag()): the answer then carries it with `Cache-Control: private,
   * no-cache` (the browser keeps the file and asks again each time), and a request whose If-None-Match names it
   * is answered 304 without a body.
   */
  etag?: string;
}

/** What a file handler returns once it has streamed its answer itself (lib/streamed-file.ts). */
export interface StreamedFile {
  readonly streamed: true;
  /** whether the whole file was read by the client; false when the download was cancelled */
  readonly completed: boolean;
}

const isStreamedFile = (value: unknown): value is StreamedFile =>
  typeof value === 'object' && value !== null && (value as { streamed?: unknown }).streamed === true;

/** Query parameters are matched without regard to case, as an ASP.NET server does. */
export function canonicalQuery(schema: z.ZodType | undefined) {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, unknown>) : {};
  const byLower = new Map(Object.keys(shape).map((key) => [key.toLowerCase(), key]));
  return (query: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(query)) out[byLower.get(key.toLowerCase()) ?? key] = value;
    return out;
  };
}

/**
 * Text PostgreSQL cannot take: a NUL character (in any text) or a lone UTF-16 surrogate (in jsonb). Valid JSON
 * and query strings can carry both; they are refused as invalid values instead of failing in the database.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * The fields (dotted paths, as in validation errors) whose text contains something PostgreSQL cannot store.
 * Walked without recursion: a body may nest deeper than the call stack reaches.
 */
function unstorableFields(input: unknown): string[] {
  const found: string[] = [];
  const pending: [unknown, string][] = [[input, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (unstorable(value)) found.push(path || '$');
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (unstorable(key)) found.push(path || '$');
        else pending.push([item, path ? `${path}.${key}` : key]);
      }
    }
  }
  return found;
}

/** The entity tag of a body by its SHA-256 (hex): `"<base64url of the hash>"`. */
export const entityTag = (sha256Hex: string) => `"${Buffer.from(sha256Hex, 'hex').toString('base64url')}"`;

/**
 * The entity tags an If-None-Match header names (RFC 9110, 13.1.2), without their weak mark (If-None-Match
 * compares weakly): `any` for `*`. A header that is not a list of tags names none.
 */
export function ifNoneMatchTags(header: string | string[] | undefined): { any: boolean; tags: string[] } {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return { any: false, tags: [] };
  if (text.trim() === '*') return { any: true, tags: [] };
  return { any: false, tags: [...text.matchAll(/(?:^|,)\s*(?:W\/)?("[^"]*")\s*(?=,|$)/g)].map(([, tag]) => tag!).slice(0, 50) };
}

/** Whether an If-None-Match header names `etag`: then the answer is a 304. */
export function ifNoneMatchNames(header: string | string[] | undefined, etag: string): boolean {
  const named = ifNoneMatchTags(header);
  return named.any || named.tags.includes(etag.replace(/^W\//, ''));
}

/** `attachment; filename="..."; filename*=UTF-8''...` with a name that is safe in any header and file system. */
export function contentDisposition(fileName: string): string {
  const safe = fileName.replace(/[^\w.\- ]+/g, '_').replace(/^\.+/, '').slice(0, 150) || 'download';
  return `attachment; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}

/**
 * The route of one contract call, as a door builds it (lib/door.ts; nothing else registers calls): its method and
 * path, its request and response schemas (which both validate and document), the door's guard before the body is
 * read, Idempotency-Keys of submissions, and the answer's shape. `answer` is the handler in the door's unit of work.
 */
export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  answer: (input: CallRequest<C>) => Promise<HandlerResult<C>>,
  options: CallOptions,
): void {
  const normalise = canonicalQuery(call.query);
  const queryKeys = new Set(call.query instanceof z.ZodObject ? Object.keys(call.query.shape as Record<string, unknown>) : []);
  const response: Record<number, z.ZodType> = {};
  if (call.response === 'empty') response[204] = z.null().describe('No content');
  else if (call.response !== 'file' && !call.answer) response[200] = call.response as z.ZodType;
  for (const status of [400, 401, 403, 404, 409, 422, 429, 503]) response[status] = call.errorBody ?? problemDocument;

  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    // The contract names a path's parameters `{name}` (OpenAPI's way); the router, `:name`.
    url: call.path.replace(/\{(\w+)\}/g, ':$1'),
    config: options.config,
    schema: {
      summary: call.summary,
      tags: [call.controller],
      ...(call.auth ? { security: [{ bearer: [] }] } : {}),
      ...(call.body && !call.multipart && !call.stream ? { body: call.body } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.params ? { params: call.params } : {}),
      response,
    },
    // The bearer token is checked first, before the body is read or validated: a call without a valid token
    // answers 401, whatever its body.
    onRequest: async (request) => {
      if (call.query && request.query && typeof request.query === 'object') {
        request.query = normalise(request.query as Record<string, unknown>);
      }
      await options.guard(request);
    },
    // Only what the call reads: parameters it does not declare are ignored, as before.
    preValidation: async (request) => {
      if (call.stream) refuseUnstreamable(call.stream, request.headers['content-type']);
      const query = request.query && typeof request.query === 'object' ? (request.query as Record<string, unknown>) : {};
      const fields = [
        ...unstorableFields(Object.fromEntries(Object.entries(query).filter(([key]) => queryKeys.has(key)))),
        ...(call.params ? unstorableFields(request.params) : []),
        ...(call.body && !call.multipart && !call.stream ? unstorableFields(request.body) : []),
      ];
      if (fields.length) {
        throw badRequest(validation.invalidValue, Object.fromEntries(fields.map((field) => [field, [validation.invalidValue]])));
      }
    },
    preHandler: options.preHandler,
    // After the app's own onSend, which marks every API answer no-store: a file with an entity tag may be kept by
    // the browser, which must ask again before each use (a 304 then costs no rendering and no body).
    ...(call.response === 'file'
      ? {
          onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
            if ((reply.statusCode === 200 || reply.statusCode === 304) && reply.hasHeader('etag')) reply.header('cache-control', 'private, no-cache');
            return payload;
          },
        }
      : {}),
    handler: async (request, reply) => {
      // A streamed submission is hashed as it is read: its key's hash is known once the handler has read it all.
      const streamed = call.stream && call.submission ? hashedBody(request.body as Readable) : null;
      const submitted: SubmittedBody = streamed ? { kind: 'streamed', ...streamed } : { kind: 'parsed' };
      const submission = call.submission ? await app.submissionGuard.start(request, call.path, options.keyOwner?.(request) ?? null, submitted) : null;
      if (submission?.kind === 'replay') {
        reply.header('idempotent-replayed', 'true');
        return submission.status === 204 ? reply.code(204).send() : reply.code(submission.status).send(submission.body);
      }
      let result: HandlerResult<C>;
      try {
        const input: CallRequest<C> = {
          body: (streamed?.stream ?? request.body) as CallRequest<C>['body'],
          query: request.query as CallRequest<C>['query'],
          params: request.params as CallRequest<C>['params'],
          request,
          reply,
        };
        result = await answer(input);
      } catch (error) {
        await submission?.abandon();
        throw error;
      }
      await submission?.complete(call.response === 'empty' ? 204 : 200, call.response === 'empty' ? null : result);
      if (call.response === 'empty') return reply.code(204).send();
      if (call.answer === 'ndjson') return reply.code(200).type('application/x-ndjson').send(result);
      if (call.response === 'file') {
        if (isStreamedFile(result)) return reply;
        const file = result as FileAnswer;
        if (file.etag) {
          reply.header('etag', file.etag);
          if (ifNoneMatchNames(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
        }
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.fileName))
          .send(file.body);
      }
      return reply.code(200).send(result);
    },
  });
}
