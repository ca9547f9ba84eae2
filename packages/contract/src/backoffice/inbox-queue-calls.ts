import { z } from 'zod';
import { staffController, staffRoles } from './staff-controller.js';
import { inboxTableRequest } from './inbox.js';
import { idField, requiredEnum } from '../fields.js';
import { inboxItemKind } from '../inbox.js';
import { validation as v } from '../messages.js';

/** The queue's calls (issue 30.5): an item's neighbours in the list, and the items new since the list was shown. */

/** An item of the inbox: where it is kept and its number. */
export const inboxItemRef = z.strictObject({ itemKind: requiredEnum(inboxItemKind.options, v.invalidValue), id: idField(v.invalidValue) });
export type InboxItemRef = z.infer<typeof inboxItemRef>;

/** A neighbour of an item in the list. */
const neighbour = z.object({ itemKind: inboxItemKind, id: z.int() }).nullable();

export const backofficeInboxQueueCalls = staffController('InboxQueue', staffRoles, {
  getNeighbours: {
    method: 'POST',
    body: z.strictObject({ list: inboxTableRequest, item: inboxItemRef }),
    response: z.object({ previous: neighbour, next: neighbour, position: z.int().nullable(), total: z.int() }),
    summary: 'The items before and after one item in the inbox as filtered, searched and sorted (null: none, or not in it).',
  },
  countSince: {
    method: 'POST',
    body: z.strictObject({ list: inboxTableRequest, since: z.iso.datetime({ offset: true, error: v.invalidValue }).nullable() }),
    response: z.object({ count: z.int(), asOf: z.string() }),
    summary: "How many items of the inbox as filtered arrived after `since` (none given: 0), and the server's time now.",
  },
});
