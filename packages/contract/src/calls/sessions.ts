import { z } from 'zod';
import { controller } from '../define.js';
import { validation as v } from '../messages.js';

/*
 * Not in the spec (issue 14, point 5): the account's active sessions under Beveiliging, to see where it is logged
 * in and end a session or all others. Kept apart from `calls` like the other additions; a server without them
 * answers 404 and the screen leaves the card out.
 */

/** Header in which the web app sends the random id it keeps for its browser, so that a login from a new browser can be told. */
export const browserIdHeader = 'X-Browser-Id';

export const accountSession = z.object({
  /** the session's id (not a token: it opens nothing) */
  id: z.uuid(),
  /** 'Chrome op Windows'; null when the browser did not say */
  browser: z.string().nullable(),
  /** the address it logged in from */
  address: z.string().nullable(),
  /** where that address is, when it is known: 'lokaal netwerk' for a private address */
  place: z.string().nullable(),
  startedAt: z.iso.datetime({ offset: true, local: true }),
  /** the last time it renewed its access (every quarter of an hour while in use) */
  lastUsedAt: z.iso.datetime({ offset: true, local: true }),
  /** the session this request comes from */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;

export const sessionCalls = controller('Account', {
  getSessions: {
    method: 'GET',
    response: z.array(accountSession),
    summary: 'The own account\'s live sessions, the current one first.',
  },
  endSession: {
    method: 'POST',
    body: z.strictObject({ sessionId: z.uuid({ error: v.invalidValue }) }),
    summary: 'End one of the own account\'s other sessions: its tokens stop working at once (404 for an unknown or ended one).',
  },
  endOtherSessions: {
    method: 'POST',
    summary: 'End every session of the own account but this one.',
  },
});
