import { backofficeSavedReplyCalls as calls } from '@portal/contract';
import { staffQueryOptions, useStaffMutation } from './staff-api';

/** Shared by Inhoud's screen that keeps them and the inbox's answer form that offers them: one cache, so a change shows in both. */
const savedRepliesKey = ['saved-replies'] as const;

export const savedRepliesQueryOptions = () => staffQueryOptions(savedRepliesKey, calls.list);
export const useSaveSavedReply = () => useStaffMutation(calls.save, () => [savedRepliesKey]);
export const useDeleteSavedReply = () => useStaffMutation(calls.delete, () => [savedRepliesKey]);
