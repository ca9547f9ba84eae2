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

/**
 * Whether `error` (or an error it was caused by) is text the database cannot store: a NUL (22021,
 * character_not_in_repertoire) or a character its encoding lacks (22P05). The input's fault, so a 400 where a
 * field's schema did not catch it first (issue 26.4).
 */
export function isUnstorableText(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
  }
  return false;
}

/** Whether `error` (or an error it was caused by) is PostgreSQL's unique violation, of `constraint` when named. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: string; constraint?: string };
    if (pgError.code === '23505' && (constraint === undefined || pgError.constraint === constraint)) return true;
  }
  return false;
}

/**
 * Fields of a database error that can hold a row's values: drizzle's `params` (every parameter of the query: a
 * chunk of 2,000 patients), pg's `detail` ('Key (…)=(…)', 'Failing row contains (…)'), `where` (a parameter's
 * value), `hint` and `internalQuery`.
 */
const ROW_VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'hint', 'internalQuery']);

/** A message without the values it quotes: drizzle appends the parameters, class 22 (data exception) quotes the value. */
function messageWithoutValues(message: string, code: unknown): string {
  const withoutParams = message.replace(/\nparams: [\s\S]*$/, '');
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) ? withoutParams.replace(/"(?:[^"]|"")*"/g, '"…"') : withoutParams;
}

const isErrorLike = (value: unknown): value is Error =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/**
 * The error as a log may show it (issue 26.4): the same type, code, constraint, table and stack, and along its
 * whole chain of causes no query parameter, no failing row and no value a message quotes. The log is read by
 * people who may not see patients' data; what a fault needs to be found (SQLSTATE, constraint, query text with
 * its placeholders, where in the code) stays.
 */
export function withoutRowValues<T>(error: T, depth = 0): T {
  if (!isErrorLike(error) || depth > 5) return error;
  const source = error as unknown as Record<string, unknown>;
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    if (!ROW_VALUE_FIELDS.has(key)) copy[key] = withoutRowValues(source[key], depth + 1);
  }
  const message = messageWithoutValues(error.message, source.code);
  copy.message = message;
  if (typeof error.stack === 'string') {
    copy.stack = error.stack.replace(error.message, message).replace(/\nparams: [\s\S]*?(?=\n\s+at )/, '');
  }
  if (error.cause !== undefined) copy.cause = withoutRowValues(error.cause, depth + 1);
  return copy as T;
}
