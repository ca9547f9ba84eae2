import { calls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/call-query';

export const getActiveMemosQueryOptions = () => callQueryOptions(['memos', 'active'], calls.memo.getActiveMemos);

export function useActiveMemos() {
  return useQuery(getActiveMemosQueryOptions());
}
