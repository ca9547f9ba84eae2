import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** A screen's filters as texts by name; '' (or the given default) is no filter. */
export type FilterTexts = Record<string, string>;

/** What the address may hold for a filter; anything else reads as its default (an old or hand-made link). */
export type FilterChecks<T extends FilterTexts> = Partial<Record<keyof T, (value: string) => boolean>>;

/**
 * The one place a screen's filters are kept: the address's search parameters, so that going back to the screen,
 * reloading it or sharing its link finds it filtered as it was. A filter at its default is left out of the address.
 */
export function useUrlFilters<T extends FilterTexts>(defaults: T, checks: FilterChecks<T> = {}) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => {
    const read: FilterTexts = {};
    for (const [name, fallback] of Object.entries(defaults)) {
      const value = params.get(name);
      read[name] = value !== null && (checks[name]?.(value) ?? true) ? value : fallback;
    }
    return read as T;
    // The defaults and checks are the screen's constants.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);
  const change = useCallback(
    (changes: Partial<T>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value && value !== defaults[name]) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true },
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams],
  );
  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  const active = [...params.keys()].some((name) => name in defaults);
  return { values, change, clear, active };
}

/** A date filter as the address keeps it (YYYY-MM-DD, as a date input gives it). */
export const isFilterDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
