import { z } from 'zod';
import { validation as v } from './messages.js';

export const allowedRowsPerPage = [5, 10, 20, 30, 50, 100] as const;

/** The request of every table call; `sortBy` is checked against the table's own columns. */
export function tableRequest<const C extends readonly [string, ...string[]]>(columns: C) {
  return z.strictObject({
    sortBy: z.enum(columns, { error: v.invalidValue }).nullish(),
    descending: z.boolean({ error: v.invalidValue }).nullish(),
    page: z.int({ error: v.invalidValue }).min(1, v.tooSmall(1)).max(1_000_000, v.tooLarge(1_000_000)).nullish(),
    rowsPerPage: z
      .int({ error: v.invalidValue })
      .refine((n) => (allowedRowsPerPage as readonly number[]).includes(n), v.invalidValue)
      .nullish(),
    search: z.string({ error: v.invalidValue }).max(200, v.tooLong(200)).nullish(),
  });
}
export type TableRequest<C extends string = string> = {
  sortBy?: C | null;
  descending?: boolean | null;
  page?: number | null;
  rowsPerPage?: number | null;
  search?: string | null;
};

export function tableResponse<T extends z.ZodType>(item: T) {
  return z.object({ total: z.int(), items: z.array(item) });
}
export type TableResponse<T> = { total: number; items: T[] };

/**
 * A table call of the spec, to declare inside its `controller`: POSTed with the page, sort and search it wants,
 * answered with that page of `row`s and the total. `columns` are the columns it may be sorted by.
 */
export function tableCall<const C extends readonly [string, ...string[]], T extends z.ZodType>(def: {
  columns: C;
  row: T;
  summary: string;
}) {
  return {
    method: 'POST',
    body: tableRequest(def.columns),
    response: tableResponse(def.row),
    summary: def.summary,
  } as const;
}
