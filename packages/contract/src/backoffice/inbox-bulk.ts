import { z } from 'zod';
import { staffController, staffRoles } from './staff-controller.js';
import { inboxItemRef } from './inbox-queue-calls.js';
import { inboxStatus } from '../enums.js';
import { idField, requiredEnum } from '../fields.js';
import { inboxItemKind } from '../inbox.js';
import { validation as v } from '../messages.js';

/** Acts on many inbox items at once (issue 30.5): each by the single act's rules, a refused one named by reference. */

/** The most items one bulk act takes: a page of the largest size. */
export const maxBulkItems = 100;

export const inboxBulkText = {
  selectAll: 'Alles op deze pagina',
  selected: (count: number) => `${count} geselecteerd`,
  assign: 'Toewijzen aan',
  status: 'Status wijzigen',
  apply: 'Toepassen',
  done: (count: number) => (count === 1 ? '1 item bijgewerkt.' : `${count} items bijgewerkt.`),
  refused: 'Niet gelukt:',
  nobody: 'Niemand',
} as const;

const itemRefs = z.array(inboxItemRef, { error: v.invalidValue }).min(1, v.required).max(maxBulkItems, v.tooLarge(maxBulkItems));

/** What a bulk act did: the items done, and each refused one by its reference with the reason. */
export const bulkResult = z.object({
  done: z.array(z.object({ itemKind: inboxItemKind, id: z.int() })),
  refused: z.array(z.object({ itemKind: inboxItemKind, id: z.int(), reference: z.string(), message: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResult>;

export const backofficeInboxBulkCalls = staffController('InboxBulk', staffRoles, {
  assign: {
    method: 'POST',
    body: z.strictObject({ items: itemRefs, assigneeId: idField(v.invalidValue).nullable() }),
    response: bulkResult,
    summary: 'Give up to 100 items to one colleague (or nobody); each by the rules of Inbox/Assign, each audited.',
  },
  setStatus: {
    method: 'POST',
    body: z.strictObject({ items: itemRefs, status: requiredEnum(inboxStatus.options, v.required) }),
    response: bulkResult,
    summary: 'Set the status of up to 100 items; each by the rules of Inbox/SetStatus, each audited.',
  },
});
