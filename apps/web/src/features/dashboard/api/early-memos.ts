import { calls, type Memo } from '@portal/contract';
import type { EarlyMemosState } from '@/lib/early-memos';
import { readLeniently } from '@/lib/lenient';

/** The window property through which the page's early script hands its memos to the app (decision 0101). */
export const earlyMemosStateKey = 'portalEarlyMemos';

/**
 * The memos the page fetched before the app started, checked as the app checks its own answers, and when they
 * came. Taken once: a later dashboard (another login, a cleared cache) fetches its own.
 */
export function takeEarlyMemos(): { data: Memo[]; at: number } | undefined {
  const holder = window as unknown as Record<string, EarlyMemosState | undefined>;
  const state = holder[earlyMemosStateKey];
  if (!state) return undefined;
  Reflect.deleteProperty(holder, earlyMemosStateKey);
  const parsed = readLeniently(calls.memo.getActiveMemos.response, state.data);
  return parsed.ok ? { data: parsed.data as Memo[], at: state.at } : undefined;
}
