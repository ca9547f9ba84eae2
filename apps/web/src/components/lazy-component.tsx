import { feedback } from '@portal/contract';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { importAnew } from '../lib/import-anew';
import { LoadFailed } from './load-failed';

/** A module whose default export is a component: what `import('./x')` of a dialog's form gives. */
export type ComponentModule<P> = () => Promise<{ default: ComponentType<P> }>;

/** Components already fetched, by their loader: a dialog opened again shows its form at once, not "Laden…". */
const fetched = new WeakMap<ComponentModule<never>, ComponentType<never>>();

/**
 * A component in a chunk of its own, fetched when this hook first runs (a dialog's form, the inbox's date
 * pickers), so that the screen loads without it (issue 15's route budgets, decision 0033). `retry` fetches it anew
 * after a failure, also in a browser that keeps a failed import (importAnew); meanwhile neither `component` nor
 * `error` is set. Once fetched it is there from the first render.
 */
export function useLazyComponent<P>(load: ComponentModule<P>) {
  const [state, setState] = useState<{ component?: ComponentType<P>; error?: unknown }>(() => ({
    component: fetched.get(load as ComponentModule<never>) as ComponentType<P> | undefined,
  }));
  const fetchIt = useCallback(
    (again: boolean) => {
      setState({});
      (again ? importAnew(load) : load()).then(
        (module) => {
          fetched.set(load as ComponentModule<never>, module.default as ComponentType<never>);
          setState({ component: module.default });
        },
        (error: unknown) => setState({ error }),
      );
    },
    [load],
  );
  useEffect(() => {
    if (!fetched.has(load as ComponentModule<never>)) fetchIt(false);
  }, [load, fetchIt]);
  const retry = useCallback(() => fetchIt(true), [fetchIt]);
  return { ...state, retry };
}

/**
 * A part of a screen in a chunk of its own (a dialog that owns its frame, a bar), fetched the first time it is
 * shown: the screen's route stays within its budget (decision 0033). Nothing shows while it comes; a failure says
 * so and fetches it again. Each part's loader lives beside the screen that shows it: a loader in a shared module
 * would put every part's list of files in the chunk of each screen that imports it.
 */
export function LazyPart<P extends object>({ load, props }: { load: ComponentModule<P>; props: P }) {
  const { component: Part, error, retry } = useLazyComponent(load);
  if (error) return <LoadFailed message={feedback.serverError} error={error} onRetry={retry} />;
  return Part ? <Part {...props} /> : null;
}
