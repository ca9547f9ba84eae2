import type { CallDefinition, SuccessBody, TableRequest, TableResponse } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TablePageRequest } from '@/components/data-table/types';
import type { CallOptions } from '@/lib/api-client';
import { staffCall } from './staff-api';

/* The back-office's queries and mutations, made the way lib/call-query.ts makes the portal's, with the staff session. */

type PlainCall<Response extends z.ZodType> = CallDefinition<undefined, undefined, Response>;
type BodyCall<Body extends z.ZodType, Response extends SuccessBody> = CallDefinition<Body, undefined, Response>;
type TableCall<Row, Column extends string> = CallDefinition<z.ZodType<unknown, TableRequest<Column>>, undefined, z.ZodType<TableResponse<Row>>>;

/** Every back-office query lives under this key: a logout drops them all at once. */
export const backofficeKey = ['backoffice'] as const;

export function staffQueryOptions<const Key extends QueryKey, Response extends z.ZodType>(queryKey: Key, call: PlainCall<Response>) {
  return queryOptions({ queryKey: [...backofficeKey, ...queryKey] as const, queryFn: ({ signal }) => staffCall(call, { signal }) });
}

/** The page factory a DataTable asks, each page cached under `[...backofficeKey, ...tableKey, request]`. */
export function staffTableQueryOptions<const Key extends QueryKey, Row, Column extends string>(tableKey: Key, call: TableCall<Row, Column>) {
  return (request: TablePageRequest<Column>) =>
    queryOptions({
      queryKey: [...backofficeKey, ...tableKey, request] as const,
      queryFn: ({ signal }): Promise<TableResponse<Row>> =>
        staffCall(call, { body: request, signal } as CallOptions<TableCall<Row, Column>>),
    });
}

/** Submits a call's body; once it succeeded, the queries under `stale(body)` (within the back-office's key) are fetched again. */
export function useStaffMutation<Body extends z.ZodType, Response extends SuccessBody>(
  call: BodyCall<Body, Response>,
  stale: (body: z.input<Body>) => QueryKey[] = () => [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<Body>) => staffCall(call, { body } as CallOptions<BodyCall<Body, Response>>),
    onSuccess: (_, body) =>
      Promise.all(stale(body).map((queryKey) => queryClient.invalidateQueries({ queryKey: [...backofficeKey, ...queryKey] }))),
  });
}
