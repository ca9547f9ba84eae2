import type { InboxStatus } from '@portal/contract';
import { useAssign, useSetStatus, type ItemRef } from '../api/inbox';

/**
 * The one-step acts of the queue (issue 30.5) on a single item, from a row or an item's page. Archiving a New item
 * takes it through In behandeling first: the statuses' own order, each step in the item's history.
 */
export function useQueueActs(me: number | undefined) {
  const setStatus = useSetStatus();
  const assign = useAssign();
  return {
    assignToMe: (ref: ItemRef) => (me === undefined ? Promise.resolve() : assign.mutateAsync({ itemKind: ref.itemKind, id: ref.id, assigneeId: me })),
    archive: async (item: ItemRef & { status: string }) => {
      const ref = { itemKind: item.itemKind, id: item.id };
      if (item.status === 'New') await setStatus.mutateAsync({ ...ref, status: 'Processing' satisfies InboxStatus });
      if (item.status !== 'Archived') await setStatus.mutateAsync({ ...ref, status: 'Archived' satisfies InboxStatus });
    },
    pending: setStatus.isPending || assign.isPending,
    error: setStatus.error ?? assign.error,
    reset: () => {
      setStatus.reset();
      assign.reset();
    },
  };
}
