import { feedback } from '@portal/contract';
import { ApiError } from '@/lib/api-client';
import { failureMessage } from '@/lib/form-errors';

/**
 * What a refused act on an endpoint or delivery says: the server's own Dutch words for a gone endpoint or delivery
 * (404), one that must be switched on first (409) or a refused value (400); the screen's general text otherwise.
 */
export function webhookRefusal(error: unknown): string {
  if (error instanceof ApiError && [400, 404, 409].includes(error.status)) {
    return Object.values(error.problem.errors ?? {}).flat()[0] ?? error.problem.title;
  }
  return failureMessage(error, feedback.serverError);
}
