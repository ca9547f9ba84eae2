import type { BodyOf, CallDefinition, TableResponse } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TablePageRequest } from '@/components/data-table/types';
import { callMissing, portalTransport } from './api-client';
import type { AnyCall, CallRequest, CallResult, NeedsRequest } from './call-request';
import type { Transport } from './transport';

/*
 * The queries and mutations of contract calls, made the one way for either door: a feature's `api/` file states
 * only its call, its query key, what it is sent with and what a mutation makes stale (bulletproof-react's
 * `getXQueryOptions()` + `useX()` pattern).
 */

interface QueryBehaviour<C extends AnyCall> {
  /** The answer to use where the server lacks this call of ours (lib/api-errors.ts callMissing). */
  whenMissing?: CallResult<C>;
}
type QueryArgs<C extends AnyCall> = NeedsRequest<C> extends true
  ? [request: CallRequest<C>, behaviour?: QueryBehaviour<C>]
  : [request?: CallRequest<C>, behaviour?: QueryBehaviour<C>];

/** A table call of the contract: POSTed with one page's sort, paging and search (and its filters), answered with that page. */
type TableCall<Body, Row> = CallDefinition<z.ZodType<unknown, Body>, undefined, z.ZodType<TableResponse<Row>>>;
type ColumnOf<Body> = Body extends { sortBy?: infer Column } ? Extract<Column, string> : string;

/** What a mutation is called with: the call's body, unless the api file says how its input becomes the request. */
type BodyInput<C extends AnyCall> = BodyOf<C> extends undefined ? void : BodyOf<C>;

/** The factory of one door's queries and mutations, each query's key under `scope` (the back-office's own key). */
export function createCallQueries(transport: Transport, scope: QueryKey = []) {
  const send = transport.call as (call: AnyCall, options: object) => Promise<unknown>;

  /** The query options of one call and what it is sent with, under the feature's own key. */
  function callQueryOptions<const Key extends QueryKey, C extends AnyCall>(queryKey: Key, call: C, ...[request, behaviour]: QueryArgs<C>) {
    return queryOptions({
      queryKey: [...scope, ...queryKey] as const,
      queryFn: async ({ signal }) => {
        try {
          return (await send(call, { ...request, signal })) as CallResult<C>;
        } catch (error) {
          if (behaviour && 'whenMissing' in behaviour && callMissing(error)) return behaviour.whenMissing as CallResult<C>;
          throw error;
        }
      },
    });
  }

  /**
   * The page factory a DataTable asks, the page sent with `filters`: each page is cached under
   * `[...tableKey, request]`, so that a change to the rows can make every cached page stale at once by `tableKey`.
   */
  function tableQueryOptions<const Key extends QueryKey, Body, Row>(tableKey: Key, call: TableCall<Body, Row>, filters?: Partial<Body>) {
    return (request: TablePageRequest<ColumnOf<Body>>) =>
      queryOptions({
        queryKey: [...scope, ...tableKey, request] as const,
        queryFn: ({ signal }) => send(call, { body: { ...request, ...filters }, signal }) as Promise<TableResponse<Row>>,
      });
  }

  /**
   * Submits a call (its body, or the request `requestOf` makes of the input); once it succeeded, every query under
   * the keys `stale(input)` names is fetched again before the mutation reports success, so that the screen never
   * shows the state from before the change.
   */
  function useCallMutation<C extends AnyCall, Input = BodyInput<C>>(
    call: C,
    stale: (input: Input) => QueryKey[] = () => [],
    requestOf: (input: Input) => CallRequest<C> = (input) => ({ body: input }) as CallRequest<C>,
  ) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (input: Input) => send(call, requestOf(input)) as Promise<CallResult<C>>,
      onSuccess: (_, input) =>
        Promise.all(stale(input).map((queryKey) => queryClient.invalidateQueries({ queryKey: [...scope, ...queryKey] }))),
    });
  }

  return { callQueryOptions, tableQueryOptions, useCallMutation };
}

/** The customers' door (/api/portal). */
export const { callQueryOptions, tableQueryOptions, useCallMutation } = createCallQueries(portalTransport);
