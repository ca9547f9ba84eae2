import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { context, SpanKind, SpanStatusCode, trace, type Context } from '@opentelemetry/api';
import { HttpProblem, unauthorized } from '../problems.js';
import { Metrics, type LoginDoor, type MetricSources } from './metrics.js';
import { contextOf, ensurePropagation, tracer, tracingOn } from './tracing.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's Prometheus metrics (decision 0092) */
    metrics: Metrics;
  }
}

export interface ObservabilityOptions {
  /** METRICS_TOKEN: `GET /api/metrics` with this bearer token; unset: no such route (the metrics port, or none) */
  metricsToken?: string;
  sources: MetricSources;
}

/** A request's route as its pattern; a request no route took (the web app's pages, a 404) under one name. */
const routeOf = (request: FastifyRequest): string => (request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'));

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Request ids, metrics and traces of every request (decision 0092). A request's trace context is entered at
 * onRequest and again at preHandler: a body that arrives after the headers is read from the socket's own async
 * context, and the handler must not run in that one.
 */
export function registerObservability(app: FastifyInstance, options: ObservabilityOptions): void {
  ensurePropagation();
  const metrics = new Metrics(options.sources);
  app.decorate('metrics', metrics);
  app.addHook('onClose', async () => metrics.close());
  const contexts = new WeakMap<FastifyRequest, Context>();

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    const traceparent = request.headers.traceparent;
    // Neither taken in nor recorded: nothing to carry, and nothing is spent on it.
    if (typeof traceparent !== 'string' && !tracingOn()) return done();
    let active = contextOf(typeof traceparent === 'string' ? traceparent : null);
    if (tracingOn()) {
      const route = routeOf(request);
      const span = tracer().startSpan(
        `${request.method} ${route}`,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'http.route': route, 'portal.request_id': request.id } },
        active,
      );
      active = trace.setSpan(active, span);
    }
    contexts.set(request, active);
    context.with(active, done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const active = contexts.get(request);
    if (active) context.with(active, done);
    else done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, routeOf(request), reply.statusCode, reply.elapsedTime / 1000);
    const active = contexts.get(request);
    const span = active ? trace.getSpan(active) : undefined;
    if (span?.isRecording()) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });

  if (options.metricsToken) {
    const expected = digest(`Bearer ${options.metricsToken}`);
    app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) throw unauthorized();
      const { contentType, body } = await metrics.exposition();
      return reply.type(contentType).send(body);
    });
  }
}

/**
 * A login's attempt, its refusal counted as a failed login of its door: a wrong password, code or backup code
 * (400 at the portal and the back-office), wrong client credentials (401 at the integration's token call). A throttled
 * attempt (429) or a second step asked for (409) is no failed login.
 */
export async function countedLogin<T>(request: FastifyRequest, door: LoginDoor, attempt: Promise<T>): Promise<T> {
  try {
    return await attempt;
  } catch (error) {
    if (error instanceof HttpProblem && error.status === (door === 'integration' ? 401 : 400)) request.server.metrics.failedLogin(door);
    throw error;
  }
}
