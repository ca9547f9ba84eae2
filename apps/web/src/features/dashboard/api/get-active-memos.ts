import { calls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/call-query';
import { takeEarlyMemos } from './early-memos';

export const getActiveMemosQueryOptions = () => callQueryOptions(['memos', 'active'], calls.memo.getActiveMemos);

export function useActiveMemos() {
  // The memos the page fetched before the app started, when it did (decision 0101): asked for when the query is
  // made, so once; when they came, so that they are as fresh as they are.
  let earlyAt: number | undefined;
  return useQuery({
    ...getActiveMemosQueryOptions(),
    initialData: () => {
      const early = takeEarlyMemos();
      earlyAt = early?.at;
      return early?.data;
    },
    initialDataUpdatedAt: () => earlyAt,
  });
}
