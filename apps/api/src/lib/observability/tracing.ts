import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
} from '@opentelemetry/sdk-trace';
import { instrumentPg } from './pg-spans.js';

/**
 * OpenTelemetry traces (decision 0092), with manual spans: the server is an esbuild bundle of ES modules, where the
 * auto-instrumentations' require hooks see nothing. The context (AsyncLocalStorage) and the W3C propagator are the
 * process's and always there, so a `traceparent` taken in is passed on even when nothing is exported; the tracer
 * provider and the SQL spans exist only while an OTLP endpoint is configured.
 */

let propagating = false;

/** Registers the context manager and the W3C trace context propagator, once per process. */
export function ensurePropagation(): void {
  if (propagating) return;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  propagating = true;
}

let provider: TracerProvider | null = null;

/** Whether spans are recorded and exported (an OTLP endpoint is configured). */
export const tracingOn = (): boolean => provider !== null;

export const tracer = () => trace.getTracer('portal');

/** The standard OpenTelemetry variables the portal reads (config.ts). */
export interface TracingSettings {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
  OTEL_SERVICE_NAME: string;
  OTEL_TRACES_SAMPLER: 'always_on' | 'always_off' | 'traceidratio' | 'parentbased_always_on' | 'parentbased_always_off' | 'parentbased_traceidratio';
  OTEL_TRACES_SAMPLER_ARG?: number;
}

/** The OTLP/HTTP address of the traces, as the specification derives it: the signal's own, else the base's /v1/traces. */
export function tracesUrl(settings: Pick<TracingSettings, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'>): string | null {
  if (settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (settings.OTEL_EXPORTER_OTLP_ENDPOINT) return `${settings.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
  return null;
}

function samplerOf(settings: TracingSettings): Sampler {
  const ratio = () => new TraceIdRatioBasedSampler(settings.OTEL_TRACES_SAMPLER_ARG ?? 1);
  switch (settings.OTEL_TRACES_SAMPLER) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratio();
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio() });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

export interface Tracing {
  /** exports what is left and stops recording; what the collector does not take is dropped, never a failed stop */
  stop(): Promise<void>;
}

/**
 * Starts recording and exporting spans when an endpoint is configured (the exporter reads the other standard
 * variables, OTEL_EXPORTER_OTLP_HEADERS and its timeout, itself); null otherwise. One process, one tracing.
 */
export function startTracing(settings: TracingSettings): Tracing | null {
  ensurePropagation();
  const url = tracesUrl(settings);
  if (!url) return null;
  if (provider) throw new Error('Tracing is already started in this process');
  const started = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.OTEL_SERVICE_NAME }),
    sampler: samplerOf(settings),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url }) })],
  });
  trace.setGlobalTracerProvider(started);
  provider = started;
  const uninstrument = instrumentPg();
  return {
    async stop() {
      uninstrument();
      provider = null;
      trace.disable();
      // A collector that is down must not keep the process from closing its database: its spans are lost.
      await started.shutdown().catch(() => undefined);
    },
  };
}

/** The `traceparent` of the active context (a request's span, or the one it was called with); null outside a trace. */
export function currentTraceparent(): string | null {
  if (!trace.getSpan(context.active())) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/** The context a stored or received `traceparent` names (the root context when it names none). */
export function contextOf(traceparent: string | null | undefined): Context {
  return traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
}

/**
 * Runs outgoing work (a webhook's request, a mail's sending) as a span of the trace `traceparent` names, or of the
 * active one; `fn` gets the headers that carry the trace on. Without tracing there is no span: the headers pass the
 * stored context on as it came. A result `failed` says is marked as an error, as is a throw.
 */
export async function inSpan<T>(
  name: string,
  options: { traceparent?: string | null; kind?: SpanKind; attributes?: Attributes; failed?: (result: T) => boolean },
  fn: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const parent = options.traceparent === undefined ? context.active() : contextOf(options.traceparent);
  const headers: Record<string, string> = {};
  if (!tracingOn()) {
    propagation.inject(parent, headers);
    return fn(headers);
  }
  const span = tracer().startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, parent);
  const spanContext = trace.setSpan(parent, span);
  propagation.inject(spanContext, headers);
  try {
    const result = await context.with(spanContext, () => fn(headers));
    if (options.failed?.(result)) span.setStatus({ code: SpanStatusCode.ERROR });
    return result;
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).name });
    throw error;
  } finally {
    span.end();
  }
}
