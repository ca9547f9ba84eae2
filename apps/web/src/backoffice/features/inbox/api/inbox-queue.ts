import {
  backofficeInboxQueueCalls as queue,
  backofficeInboxViewCalls as views,
  backofficeServiceTimeCalls as serviceTimes,
  inboxPollSeconds,
  type InboxTableRequest,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { staffQueryOptions, useStaffMutation } from '../../../lib/staff-api';
import type { ItemRef } from './inbox';

/** The queue tools' calls (issue 30.5); the bulk acts' are in inbox-bulk.ts, fetched with the bulk bar. */
const inboxKey = ['inbox'] as const;

/** An item's previous and next in the list as it was filtered and sorted. */
export const neighboursQueryOptions = (list: InboxTableRequest, item: ItemRef) =>
  staffQueryOptions([...inboxKey, 'neighbours', list, item.itemKind, item.id], queue.getNeighbours, { body: { list, item } });

/**
 * How many items of the list arrived since `since`, asked every 30 s (decision 0088); the answer's `asOf` is where
 * the next count starts once the user has looked. Kept out of the inbox's key: a change to an item does not ask it.
 */
export function useNewSince(list: InboxTableRequest, since: string | null) {
  return useQuery({
    ...staffQueryOptions(['inbox-new', list, since], queue.countSince, { body: { list, since } }),
    refetchInterval: inboxPollSeconds * 1000,
  });
}

const viewsKey = ['inbox-views'] as const;
export const viewsQueryOptions = () => staffQueryOptions(viewsKey, views.list);
export const useSaveView = () => useStaffMutation(views.save, () => [viewsKey]);
export const useRemoveView = () => useStaffMutation(views.remove, () => [viewsKey]);

const serviceTimesKey = ['service-times'] as const;
export const serviceTimesQueryOptions = () => staffQueryOptions(serviceTimesKey, serviceTimes.get);
export const useSaveServiceTimes = () => useStaffMutation(serviceTimes.save, () => [serviceTimesKey, inboxKey]);
