/**
 * Failures that mean "the database cannot answer now" (stopped, restarting, frozen, out of connections), as
 * opposed to a fault in a query. They are answered 503 with Retry-After, never 500: the client may try again.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57014', // query_canceled: the statement timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or recovering
  '53300', // too_many_connections
]);
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);
/** node-postgres reports these as plain messages, without a code */
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /Query read timeout/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /Cannot use a pool after calling end on the pool/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // drizzle wraps the driver's error as `cause`; follow the chain a few links deep
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_NODE_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = cause;
  }
  return false;
}

/** Seconds a client should wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/** Whether `error` (or an error it was caused by) is PostgreSQL's unique violation, of `constraint` when named. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: string; constraint?: string };
    if (pgError.code === '23505' && (constraint === undefined || pgError.constraint === constraint)) return true;
  }
  return false;
}
