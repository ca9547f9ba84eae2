import {
  backofficeInboxCalls as calls,
  backofficeStaffCalls,
  type InboxItemKind,
  type InboxTableRequest,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import type { Uploader } from '@/components/file-upload/file-upload';
import { staffCall, staffQueryOptions, staffTableQueryOptions, staffTransport, useStaffMutation } from '../../../lib/staff-api';

/** Every query of the inbox lives under this key: a change to an item makes the table, the item and the count stale. */
const inboxKey = ['inbox'] as const;

/** The inbox's filters: the table request beyond its page, sort and search. */
export type InboxFilters = Pick<InboxTableRequest, 'kinds' | 'statuses' | 'customerId' | 'assignee' | 'receivedFrom' | 'receivedUntil' | 'overdue'>;

export interface ItemRef {
  itemKind: InboxItemKind;
  id: number;
}

/** The page factory of the inbox table, for the filters chosen: each page cached with its filters. */
export const inboxTableQuery = (filters: InboxFilters) => staffTableQueryOptions([...inboxKey, 'table', filters], calls.getTable, filters);

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
  staffQueryOptions([...inboxKey, 'item', itemKind, id], calls.getItem, { query: { ItemKind: itemKind, Id: String(id) } });

export const colleaguesQueryOptions = () => staffQueryOptions(['colleagues'], backofficeStaffCalls.colleagues);

const changesInbox = () => [inboxKey];
export const useSetStatus = () => useStaffMutation(calls.setStatus, changesInbox);
export const useAssign = () => useStaffMutation(calls.assign, changesInbox);
export const useAddNote = () => useStaffMutation(calls.addNote, changesInbox);
export const useAnswer = () => useStaffMutation(calls.answer, changesInbox);

/** An attachment as a File (its name from the server), audited by the server; straight through the transport, as for any file. */
export const downloadAttachment = (fileId: string, signal?: AbortSignal) => staffCall(calls.downloadFile, { query: { FileId: fileId }, signal });

/** Where an answer's files go: kept for the item's customer until the answer ties them (Inbox/UploadAttachment). */
export const answerAttachmentUploader =
  ({ itemKind, id }: ItemRef): Uploader =>
  (file, signal) =>
    staffTransport.upload(calls.uploadAttachment, file, { query: { ItemKind: itemKind, Id: String(id) }, signal });
