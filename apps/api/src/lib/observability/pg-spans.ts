import pg from 'pg';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

type Query = (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) => unknown;
type Callback = (error: Error | null, result?: unknown) => void;

/**
 * SQL spans (decision 0092): every statement of every pool as a client span of the active context, named by its
 * operation. The statement's text is not kept: a few statements carry a literal (a role's password), and the
 * parameters are row values (decision 0040). Patched on pg's prototypes while tracing runs; answers the undo.
 */
export function instrumentPg(): () => void {
  const clientProto = pg.Client.prototype as unknown as { query: Query };
  const poolProto = pg.Pool.prototype as unknown as { connect: (callback?: unknown) => unknown };
  const originalQuery = clientProto.query;
  const ownConnect = Object.prototype.hasOwnProperty.call(poolProto, 'connect');
  const originalConnect = poolProto.connect;

  clientProto.query = function tracedQuery(this: pg.Client, config, values, callback) {
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    // A submittable (a cursor, a stream) or a config carrying its own callback ends in ways of its own: left as is.
    if (typeof text !== 'string' || (typeof config === 'object' && config !== null && ('submit' in config || 'callback' in config))) {
      return originalQuery.call(this, config, values, callback);
    }
    const operation = /^\s*([a-z]+)/i.exec(text)?.[1]?.toUpperCase() ?? 'SQL';
    const span = trace.getTracer('portal').startSpan(
      operation,
      {
        kind: SpanKind.CLIENT,
        attributes: { 'db.system.name': 'postgresql', 'db.operation.name': operation, 'db.namespace': this.database ?? '', 'server.address': this.host ?? '' },
      },
      context.active(),
    );
    const end = (error: unknown) => {
      if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: (error as { code?: string }).code ?? 'error' });
      span.end();
    };
    if (typeof values === 'function' || typeof callback === 'function') {
      const given = (typeof values === 'function' ? values : callback) as Callback;
      const wrapped: Callback = (error, result) => {
        end(error);
        given(error, result);
      };
      return typeof values === 'function' ? originalQuery.call(this, config, wrapped) : originalQuery.call(this, config, values, wrapped);
    }
    const result = originalQuery.call(this, config, values) as Promise<unknown>;
    result.then(
      () => end(null),
      (error: unknown) => end(error),
    );
    return result;
  };

  // A caller waiting for a connection is called back from whichever request gave one back: its statements belong
  // to the context it waited in, not to that request's.
  poolProto.connect = function tracedConnect(this: pg.Pool, callback?: unknown) {
    return originalConnect.call(this, typeof callback === 'function' ? context.bind(context.active(), callback) : callback);
  };

  return () => {
    clientProto.query = originalQuery;
    if (ownConnect) poolProto.connect = originalConnect;
    else delete (poolProto as { connect?: unknown }).connect;
  };
}
