import { ApiError } from '@/lib/api-client';
import { failureMessage, matchProblemErrors } from '@/lib/form-errors';

/**
 * The message of a refused change that no field shows: the server's own Dutch text of a 400 (removing
 * oneself or the last administrator), the spec's on a 429, otherwise the screen's.
 */
export function refusalText(error: unknown, fieldNames: readonly string[], fallback: string): string {
  if (error instanceof ApiError && error.status === 400) {
    const { unmatched } = matchProblemErrors(error.problem.errors, fieldNames);
    return unmatched[0] ?? error.problem.title;
  }
  if (error instanceof ApiError && error.status === 404) return 'Deze medewerker bestaat niet meer.';
  return failureMessage(error, fallback);
}
