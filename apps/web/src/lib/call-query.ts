import type { CallDefinition, SuccessBody, TableRequest, TableResponse } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TablePageRequest } from '@/components/data-table/types';
import { callApi, callWithBody } from './api-client';

/*
 * The query and mutation of a contract call, made the one way: a feature's `api/` file states only its call, its
 * query key and what a mutation makes stale (bulletproof-react's `getXQueryOptions()` + `useX()` pattern).
 */

/** A call that takes neither body nor query: a list or a status that the screen reads as a whole. */
type PlainCall<Response extends z.ZodType> = CallDefinition<undefined, undefined, Response>;

/** A call that takes a JSON body and nothing else: the forms and the changes. */
type BodyCall<Body extends z.ZodType, Response extends SuccessBody> = CallDefinition<Body, undefined, Response>;

/** A table call of the contract: POSTed with one page's sort, paging and search, answered with that page. */
type TableCall<Row, Column extends string> = CallDefinition<
  z.ZodType<unknown, TableRequest<Column>>,
  undefined,
  z.ZodType<TableResponse<Row>>
>;

/** The query options of a call without parameters, under the feature's own key. */
export function callQueryOptions<const Key extends QueryKey, Response extends z.ZodType>(
  queryKey: Key,
  call: PlainCall<Response>,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => callApi(call, { signal }),
  });
}

/**
 * The page factory a DataTable asks: each page is cached under `[...tableKey, request]`, so that a change to the
 * rows can make every cached page stale at once by `tableKey`.
 */
export function tableQueryOptions<const Key extends QueryKey, Row, Column extends string>(
  tableKey: Key,
  call: TableCall<Row, Column>,
) {
  return (request: TablePageRequest<Column>) =>
    queryOptions({
      queryKey: [...tableKey, request] as const,
      queryFn: ({ signal }): Promise<TableResponse<Row>> => callApi(call, { body: request, signal }),
    });
}

/**
 * Submits a call's body; once it succeeded, every query under the keys `stale(body)` names is fetched again
 * before the mutation reports success, so that the screen never shows the state from before the change.
 */
export function useCallMutation<Body extends z.ZodType, Response extends SuccessBody>(
  call: BodyCall<Body, Response>,
  stale: (body: z.input<Body>) => QueryKey[] = () => [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<Body>) => callWithBody(call, body),
    onSuccess: (_, body) => Promise.all(stale(body).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
