import { QueryClient } from '@tanstack/react-query';
import { ApiError, UnexpectedResponseError } from '@/lib/api-client';

/** Only failures that may pass by themselves are retried: no answer, or a server error. */
function isTransient(error: unknown): boolean {
  if (error instanceof UnexpectedResponseError) return false;
  if (error instanceof ApiError) return error.status >= 500;
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => failureCount < 2 && isTransient(error),
      },
      mutations: { retry: false },
    },
  });
}
