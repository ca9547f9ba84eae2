import { feedback } from '@portal/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { LoadingState } from '@/components/loading-state';

interface DropdownDataStateProps<T> {
  query: UseQueryResult<T>;
  /** Said while the choices load. */
  loadingLabel: string;
  children: (data: T) => ReactNode;
}

/** The product's states: a form that needs the server's choices shows loading, then the form, or the failure. */
export function DropdownDataState<T>({ query, loadingLabel, children }: DropdownDataStateProps<T>) {
  if (query.isPending) return <LoadingState label={loadingLabel} showLabel />;
  if (query.isError) {
    return <LoadFailed message={feedback.serverError} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return <>{children(query.data)}</>;
}
