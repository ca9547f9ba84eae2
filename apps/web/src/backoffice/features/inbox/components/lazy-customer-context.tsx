import { feedback } from '@portal/contract';
import { useLazyComponent } from '@/components/lazy-component';
import { LoadFailed } from '@/components/load-failed';
import type { ItemRef } from '../api/inbox';

const loadCustomerContext = () => import('./customer-context');

/**
 * The customer beside an item, in a chunk of its own fetched with the item: the item's route stays within its
 * budget (decision 0033), and the item is read before its context is there.
 */
export function LazyCustomerContext({ item }: { item: ItemRef }) {
  const { component: Panel, error, retry } = useLazyComponent(loadCustomerContext);
  if (error) return <LoadFailed message={feedback.serverError} error={error} onRetry={retry} />;
  return Panel ? <Panel item={item} /> : null;
}
