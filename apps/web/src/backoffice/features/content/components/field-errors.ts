import { ApiError } from '@/lib/api-client';

/** The server's message for one field of a refused save (a 400 with `errors`), if any. */
export function fieldErrorOf(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  return error.problem.errors?.[field]?.[0];
}
