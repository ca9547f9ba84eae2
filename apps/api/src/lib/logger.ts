import pino, { type DestinationStream } from 'pino';

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

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The process's logger: no authorization header or cookie, and no secret query value, ever reaches the log. */
export function createLogger(level: string, destination?: DestinationStream): pino.Logger {
  return pino(
    {
      level,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: {
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
