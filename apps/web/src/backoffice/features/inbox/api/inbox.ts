import {
  backofficeInboxCalls as calls,
  backofficeStaffCalls,
  type InboxItemKind,
  type InboxTableColumn,
  type InboxTableRequest,
} from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TablePageRequest } from '@/components/data-table/types';
import type { CallOptions } from '@/lib/api-client';
import { staffCall, staffDownload } from '../../../lib/staff-api';
import { backofficeKey, staffQueryOptions, useStaffMutation } from '../../../lib/staff-query';

/** Every query of the inbox lives under this key: a change to an item makes the table, the item and the count stale. */
const inboxKey = ['inbox'] as const;

/** The inbox's filters: the table request beyond its page, sort and search. */
export type InboxFilters = Pick<InboxTableRequest, 'kinds' | 'statuses' | 'clientId' | 'assignee' | 'receivedFrom' | 'receivedUntil'>;

export interface ItemRef {
  itemKind: InboxItemKind;
  id: number;
}

type TableCall = typeof calls.getTable;

/** The page factory of the inbox table, for the filters chosen: each page cached with its filters. */
export const inboxTableQuery = (filters: InboxFilters) => (request: TablePageRequest<InboxTableColumn>) =>
  queryOptions({
    queryKey: [...backofficeKey, ...inboxKey, 'table', filters, request] as const,
    queryFn: ({ signal }) => staffCall(calls.getTable, { body: { ...request, ...filters }, signal } as CallOptions<TableCall>),
  });

/** How often the menu's count of new items is asked again while a page is open. */
const countRefreshMs = 60_000;

export function useNewItemCount(enabled = true) {
  return useQuery({
    ...staffQueryOptions([...inboxKey, 'new-count'], calls.getNewCount),
    refetchInterval: countRefreshMs,
    enabled,
  });
}

export const inboxItemQueryOptions = ({ itemKind, id }: ItemRef) =>
  queryOptions({
    queryKey: [...backofficeKey, ...inboxKey, 'item', itemKind, id] as const,
    queryFn: ({ signal }) =>
      staffCall(calls.getItem, { query: { ItemKind: itemKind, Id: String(id) }, signal } as CallOptions<typeof calls.getItem>),
  });

export const colleaguesQueryOptions = () => staffQueryOptions(['colleagues'], backofficeStaffCalls.colleagues);

const changesInbox = () => [inboxKey];
export const useSetStatus = () => useStaffMutation(calls.setStatus, changesInbox);
export const useAssign = () => useStaffMutation(calls.assign, changesInbox);
export const useAddNote = () => useStaffMutation(calls.addNote, changesInbox);
export const useAnswer = () => useStaffMutation(calls.answer, changesInbox);

/** An attachment as a File (its name from the server); each download is audited by the server. */
export function downloadAttachment(fileId: string, signal?: AbortSignal): Promise<File> {
  return staffDownload(`${calls.downloadFile.path}?${new URLSearchParams({ FileId: fileId }).toString()}`, signal);
}
