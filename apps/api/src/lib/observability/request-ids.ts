import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { parseTraceParent } from '@opentelemetry/core';

/** An id a caller (a load balancer, a client) may give: a token of letters, digits and `._:-`, at most 128 long. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: the caller's `x-request-id` when it is a sane token, else a random one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/** The trace id of a well-formed `traceparent`, for the log lines of its request. */
export function traceIdOf(request: IncomingMessage): string | null {
  const header = request.headers.traceparent;
  return typeof header === 'string' ? (parseTraceParent(header)?.traceId ?? null) : null;
}

/**
 * The app's options for request ids (decision 0092): every log line of a request carries its `reqId` (Fastify's
 * label), and the trace id when it came with a `traceparent`. Fastify takes no header itself: `requestIdOf` checks it.
 */
export const requestIdOptions = {
  requestIdHeader: false,
  genReqId: requestIdOf,
  childLoggerFactory(logger, bindings, options, rawRequest) {
    const traceId = traceIdOf(rawRequest as IncomingMessage);
    return logger.child(traceId ? { ...bindings, traceId } : bindings, options);
  },
} satisfies Pick<FastifyServerOptions, 'requestIdHeader' | 'genReqId' | 'childLoggerFactory'>;
