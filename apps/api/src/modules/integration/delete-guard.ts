import { importErrorText } from '@portal/contract';
import { ImportInputError } from './import-errors.js';

/** The share of a scope (percent) a snapshot or delete list may remove unless the request confirms it. */
export const DEFAULT_DELETE_GUARD_PERCENT = 10;

/** What a batch may delete: at most `percent` of each scope, or anything when the request `confirmed` it. */
export interface DeleteGuard {
  percent: number;
  confirmed: boolean;
  /** how the sender confirms, as its refusal tells it: the command line's flag; by default the API's query */
  confirmation?: string;
}

/**
 * A batch's deletions per scope (a customer's rows of the kind, or the whole catalogue): how many rows the scope
 * held before the batch first deleted in it, and how many it deleted. Checked once the batch has written all it
 * would, inside its transaction, so a refusal keeps nothing of the batch (decision 0070).
 */
export class DeleteTally {
  private readonly scopes = new Map<string, { before: number; deleted: number }>();

  /** Notes the scope's size before its first deletion in this batch. */
  async opening(scope: string | null, count: () => Promise<number>): Promise<void> {
    const key = scope ?? '';
    if (!this.scopes.has(key)) this.scopes.set(key, { before: await count(), deleted: 0 });
  }

  deleted(scope: string | null, rows: number): void {
    const tally = this.scopes.get(scope ?? '');
    if (tally) tally.deleted += rows;
  }

  /**
   * Refuses the batch (422) when it deleted more than the guard's share of a scope, or when it is an empty
   * snapshot that deleted anything, unless the request confirmed it.
   */
  check(guard: DeleteGuard | undefined, what: 'momentopname' | 'verwijderlijst', emptySnapshot: boolean): void {
    if (!guard || guard.confirmed) return;
    const confirm = guard.confirmation ?? importErrorText.confirmByQuery;
    for (const { before, deleted } of this.scopes.values()) {
      if (deleted === 0) continue;
      if (emptySnapshot) throw new ImportInputError('delete_guard', importErrorText.deleteGuardEmpty(deleted, confirm), 'confirmDeletes');
      if (deleted * 100 > before * guard.percent) {
        throw new ImportInputError('delete_guard', importErrorText.deleteGuardShare(what, deleted, before, guard.percent, confirm), 'confirmDeletes');
      }
    }
  }
}
