import { useCallback, useContext, useMemo } from 'react';
import { UNSAFE_DataRouterContext, useSearchParams } from 'react-router';

/** A screen's filters as texts by name; '' (or the given default) is no filter. */
export type FilterTexts = Record<string, string>;

/** What the address may hold for a filter; anything else reads as its default (an old or hand-made link). */
export type FilterChecks<T extends FilterTexts> = Partial<Record<keyof T, (value: string) => boolean>>;

/**
 * The address's search parameters, and a change of them made on the address as it is at that moment. The
 * router's own functional update reads the parameters of the screen's last render, and a render can be held back
 * (a transition waiting for a lazy part's code), so that a status chosen and a search typed straight after it would
 * each write over the other; the data router knows the address it last went to.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const update = useCallback(
    (change: (previous: URLSearchParams) => URLSearchParams) =>
      setParams(change(new URLSearchParams(router ? router.state.location.search : params)), { replace: true }),
    [setParams, router, params],
  );
  return [params, update] as const;
}

/**
 * The one place a screen's filters are kept: the address's search parameters, so that going back to the screen,
 * reloading it or sharing its link finds it filtered as it was. A filter at its default is left out of the address.
 */
export function useUrlFilters<T extends FilterTexts>(defaults: T, checks: FilterChecks<T> = {}) {
  const [params, update] = useAddressParams();
  // The defaults and checks are the screen's constants.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const values = useMemo(() => readUrlFilters(params, defaults, checks), [params]);
  const change = useCallback(
    (changes: Partial<T>) =>
      update((previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value && value !== defaults[name]) next.set(name, value);
          else next.delete(name);
        }
        return next;
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [update],
  );
  // Only the filters: what else the address keeps (a table's sort and search) stays.
  const clear = useCallback(
    () =>
      update((previous) => {
        const next = new URLSearchParams(previous);
        for (const name of Object.keys(defaults)) next.delete(name);
        return next;
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [update],
  );
  const active = [...params.keys()].some((name) => name in defaults);
  return { values, change, clear, active };
}

/** The filters an address's parameters hold, each checked; outside a screen too (a link back to it). */
export function readUrlFilters<T extends FilterTexts>(params: URLSearchParams, defaults: T, checks: FilterChecks<T> = {}): T {
  const read: FilterTexts = {};
  for (const [name, fallback] of Object.entries(defaults)) {
    const value = params.get(name);
    read[name] = value !== null && (checks[name as keyof T]?.(value) ?? true) ? value : fallback;
  }
  return read as T;
}

/** A date filter as the address keeps it (YYYY-MM-DD, as a date input gives it). */
export const isFilterDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
