import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { feedback, validation, type ProblemDocument } from '@portal/contract';
import { isDatabaseUnavailable, isUnstorableText, RETRY_AFTER_SECONDS } from './database-faults.js';

const typeFor: Record<number, string> = {
  400: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
  401: 'https://tools.ietf.org/html/rfc9110#section-15.5.2',
  403: 'https://tools.ietf.org/html/rfc9110#section-15.5.4',
  404: 'https://tools.ietf.org/html/rfc9110#section-15.5.5',
  405: 'https://tools.ietf.org/html/rfc9110#section-15.5.6',
  409: 'https://tools.ietf.org/html/rfc9110#section-15.5.10',
  413: 'https://tools.ietf.org/html/rfc9110#section-15.5.14',
  415: 'https://tools.ietf.org/html/rfc9110#section-15.5.16',
  422: 'https://tools.ietf.org/html/rfc9110#section-15.5.21',
  429: 'https://tools.ietf.org/html/rfc6585#section-4',
  500: 'https://tools.ietf.org/html/rfc9110#section-15.6.1',
  503: 'https://tools.ietf.org/html/rfc9110#section-15.6.4',
};

export function problem(status: number, title: string, extra: Partial<ProblemDocument> = {}): ProblemDocument {
  return { type: typeFor[status] ?? 'about:blank', title, status, ...extra };
}

/** A failure the handler decided on; the error handler turns it into its problem document. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    title: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(title);
  }

  /** The answer's body and its media type: the problem document, unless a protocol says otherwise (OAuth's). */
  answer(): { contentType: string; body: unknown } {
    return { contentType: 'application/problem+json', body: problem(this.status, this.message, this.errors ? { errors: this.errors } : {}) };
  }
}

export const badRequest = (title: string, errors: Record<string, string[]> = {}) =>
  new HttpProblem(400, title, errors);
/** A 400 whose only error is on one field, with the spec's message. */
export const fieldError = (field: string, message: string) => new HttpProblem(400, message, { [field]: [message] });

/** A 400 with messages per field (rules a handler checks itself), titled with the first message. */
export function fieldErrors(errors: Record<string, string | readonly string[]>): HttpProblem {
  const lists = Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [field, typeof messages === 'string' ? [messages] : [...messages]]),
  );
  return badRequest(Object.values(lists)[0]?.[0] ?? validation.invalidValue, lists);
}

/** Field errors collected one by one before answering 400 with all of them. */
export class FieldErrors {
  private readonly errors: Record<string, string[]> = {};

  add(field: string, message: string = validation.invalidValue): void {
    const list = (this.errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }

  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw fieldErrors(this.errors);
  }
}
export const unauthorized = () => new HttpProblem(401, feedback.unauthorized);
export const forbidden = () => new HttpProblem(403, feedback.forbidden);
export const notFound = () => new HttpProblem(404, feedback.notFound);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpProblem(429, feedback.tooManyRequests, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

interface ValidationItem {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** zod issues → `errors: {field: [messages]}`, fields named as in the payload (camelCase, dotted for nesting). */
export function validationErrors(items: ValidationItem[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const item of items) {
    const base = item.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    if (item.keyword === 'unrecognized_keys' && Array.isArray(item.params.keys)) {
      for (const key of item.params.keys as string[]) add(base ? `${base}.${key}` : key, validation.unknownField);
      continue;
    }
    add(base || '$', item.message ?? validation.invalidValue);
  }
  return errors;
}

/** The first message, as the title of a 400: what a client shows when it reads no field. */
function firstMessage(errors: Record<string, string[]>): string {
  for (const list of Object.values(errors)) if (list[0]) return list[0];
  return validation.invalidValue;
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpProblem) {
    if (error.headers) reply.headers(error.headers);
    const answer = error.answer();
    return reply.code(error.status).type(answer.contentType).send(answer.body);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = validationErrors(error.validation as unknown as ValidationItem[]);
    return reply
      .code(400)
      .type('application/problem+json')
      .send(problem(400, firstMessage(errors), { errors }));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors: bad JSON, wrong content type, body too large, …
    const title =
      status === 413
        ? feedback.requestTooLarge
        : status === 415
          ? feedback.unsupportedMediaType
          : status === 429
            ? feedback.tooManyRequests
            : status === 404
              ? feedback.notFound
              : validation.invalidValue;
    return reply
      .code(status)
      .type('application/problem+json')
      .send(problem(status, title, status === 400 ? { errors: { $: [validation.invalidValue] } } : {}));
  }
  if (isUnstorableText(error)) {
    return reply
      .code(400)
      .type('application/problem+json')
      .send(problem(400, validation.unstorableText, { errors: { $: [validation.unstorableText] } }));
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable: answered 503');
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .type('application/problem+json')
      .send(problem(503, feedback.serviceUnavailable));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).type('application/problem+json').send(problem(500, feedback.serverError));
}
