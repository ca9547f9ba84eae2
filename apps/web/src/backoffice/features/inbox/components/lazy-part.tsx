import { feedback } from '@portal/contract';
import { useLazyComponent, type ComponentModule } from '@/components/lazy-component';
import { LoadFailed } from '@/components/load-failed';

/**
 * A part of the inbox in a chunk of its own (a dialog), fetched the first time it is opened: the inbox's route
 * stays within its budget (decision 0033). Nothing shows while it comes; a failure says so and fetches it again.
 */
export function LazyPart<P extends object>({ load, props }: { load: ComponentModule<P>; props: P }) {
  const { component: Part, error, retry } = useLazyComponent(load);
  if (error) return <LoadFailed message={feedback.serverError} error={error} onRetry={retry} />;
  return Part ? <Part {...props} /> : null;
}

// Each part's loader lives beside the screen that opens it: a loader here would put every part's list of files in
// the chunk both inbox routes load.
