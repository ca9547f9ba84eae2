import { feedback } from '@portal/contract';
import { ApiError } from '@/lib/api-client';
import { failureMessage } from '@/lib/form-errors';

/** A refusal of the server in its own Dutch words (a 400), or the screen's own failure. */
export function actionFailure(error: unknown): string {
  return error instanceof ApiError && error.status === 400 ? error.problem.title : failureMessage(error, feedback.serverError);
}
