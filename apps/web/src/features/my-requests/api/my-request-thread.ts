import { myRequestThreadCalls, type InboxItemKind, type MyRequestRow, type TableResponse } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { callApi } from '@/lib/api-client';
import { useCallMutation } from '@/lib/call-query';
import { saveFile } from '@/lib/save-file';
import { myRequestTableKey } from './get-my-request-table';

export interface MyRequestRef {
  itemKind: InboxItemKind;
  id: number;
}

/** A reply changes its row (its thread and status): the table's pages are fetched again before it reports success. */
export const useReplyToMyRequest = () => useCallMutation(myRequestThreadCalls.replyToMyRequest, () => [myRequestTableKey]);

// Straight through the transport, not the query factory: a file for the browser to save is neither cached nor a change.
export const downloadThreadFile = (fileGuid: string) => callApi(myRequestThreadCalls.getMyRequestFile, { query: { FileId: fileGuid } });

/** Fetches a file of a thread with the customer's token and hands it to the browser's download under its own name. */
export function useDownloadThreadFile() {
  return useMutation({ mutationFn: async (fileGuid: string) => saveFile(await downloadThreadFile(fileGuid)) });
}

/**
 * The row as the table's pages hold it now (the freshest page that has it), so that a conversation opened from
 * the table follows the row once a reply made the table fetch again; `opened` until a page has it.
 */
export function useMyRequestRow(opened: MyRequestRow): MyRequestRow {
  const queryClient = useQueryClient();
  const { itemKind, id } = opened;
  const subscribe = useCallback((changed: () => void) => queryClient.getQueryCache().subscribe(changed), [queryClient]);
  const current = useCallback(() => {
    const pages = queryClient
      .getQueryCache()
      .findAll({ queryKey: myRequestTableKey })
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
    for (const page of pages) {
      const row = (page.state.data as TableResponse<MyRequestRow> | undefined)?.items.find((item) => item.itemKind === itemKind && item.id === id);
      if (row) return row;
    }
    return opened;
  }, [queryClient, itemKind, id, opened]);
  return useSyncExternalStore(subscribe, current);
}
