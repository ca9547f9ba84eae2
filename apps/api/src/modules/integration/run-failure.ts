import { importErrorText, validation } from '@portal/contract';
import { HttpProblem } from '../../lib/problems.js';
import { isDatabaseUnavailable, isUnstorableText } from '../../lib/database-faults.js';

/** Whether the sender's connection went before its body was read: the request stream's own failure. */
function connectionLost(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return message === 'aborted' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

function statementTimeout(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === '57014') return true;
  }
  return false;
}

/**
 * Why a batch failed, as its run keeps it and the sender reads it: the refusal's own words for input refused as
 * a whole, what happened where the failure is known (a dropped connection, the database), and only for a fault
 * of the portal itself a general sentence, which says no more of the server's workings than that.
 */
export function failureOf(error: unknown): string {
  if (error instanceof HttpProblem && error.status < 500) return error.message;
  if (connectionLost(error)) return importErrorText.failed.connectionLost;
  if (statementTimeout(error)) return importErrorText.failed.statementTimeout;
  if (isDatabaseUnavailable(error)) return importErrorText.failed.databaseUnavailable;
  if (isUnstorableText(error)) return validation.unstorableText;
  return importErrorText.failed.unknown;
}
