import pino, { type DestinationStream } from 'pino';
import { withoutRowValues } from './database-faults.js';

/** Query parameters whose values are secrets: reset and activation tokens, codes, keys. */
const SECRET_QUERY_NAMES = new Set(['token', 'code', 'key']);

/**
 * The URL as the request log may show it: every query value named token, code or key (in any case) replaced,
 * so reset and activation links in a log cannot be replayed.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed escape: compare the name as it came
      }
      return eq >= 0 && SECRET_QUERY_NAMES.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

/**
 * pino's error with its causes' own fields as well (pino gives only their messages and stacks): a database error
 * wrapped by drizzle shows its SQLSTATE, constraint and table.
 */
function serializedError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  if (error.cause instanceof Error && depth < 5) serialized.cause = serializedError(error.cause, depth + 1);
  return serialized;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The process's logger: no authorization header or cookie, no secret query value, and no row value of a database
 * error (its parameters, failing row or quoted value; issue 26.4) ever reaches the log. Every error the server
 * logs goes under `err` (pino puts an error logged on its own there too), so its serialiser is the one place.
 */
export function createLogger(level: string, destination?: DestinationStream): pino.Logger {
  return pino(
    {
      level,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      hooks: {
        // An error logged on its own also lends the line its message (pino takes it before any serialiser).
        logMethod(args, method) {
          const [first, ...rest] = args;
          if (first instanceof Error) return method.apply(this, [withoutRowValues(first), ...rest] as unknown as Parameters<typeof method>);
          return method.apply(this, args);
        },
      },
      serializers: {
        err: (error: unknown) => serializedError(withoutRowValues(error)),
        req: (req: LoggedRequest) => ({
          method: req.method,
          url: req.url === undefined ? undefined : redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    destination,
  );
}
