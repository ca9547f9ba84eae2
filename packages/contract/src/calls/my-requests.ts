import { z } from 'zod';
import { controller } from '../define.js';
import { inboxItemKind } from '../inbox.js';
import { validation as v } from '../messages.js';
import { tableCall } from '../table.js';

/*
 * Not in the spec (issue 12, "status back to the customer"): the customer's own submissions and service orders
 * with the status the provider gave them and the provider's answers, and the account's wish to be mailed when
 * a status changes. Kept apart from `calls` (the spec's own calls); a server without them answers 404, and the
 * web app says so calmly.
 */

/** Where the web app shows them: the status mails link here. */
export const myRequestsPath = '/mijn-aanvragen';

export const myRequestTableColumns = ['receivedAt', 'id', 'kind', 'status'] as const;
export type MyRequestTableColumn = (typeof myRequestTableColumns)[number];
export const myRequestTableDefaults = { sortBy: 'receivedAt', descending: true, rowsPerPage: 20 } as const;

/** An answer of the provider, as mailed to the submitter. Never a note, never who of the staff wrote it. */
export const myRequestAnswer = z.object({
  at: z.iso.datetime({ offset: true, local: true }),
  subject: z.string().nullable(),
  text: z.string(),
});
export type MyRequestAnswer = z.infer<typeof myRequestAnswer>;

export const myRequestRow = z.object({
  itemKind: inboxItemKind,
  /** the submission's or order's number: its reference */
  id: z.int(),
  /** an InboxKind ('ImmediateProduct', 'ServiceOrder', …) */
  kind: z.string(),
  receivedAt: z.iso.datetime({ offset: true, local: true }),
  /** an InboxStatus: 'New' | 'Processing' | 'Archived' */
  status: z.string(),
  statusChangedAt: z.iso.datetime({ offset: true, local: true }).nullable(),
  /** who of the customer sent it */
  submitterName: z.string().nullable(),
  /** oldest first */
  answers: z.array(myRequestAnswer),
});
export type MyRequestRow = z.infer<typeof myRequestRow>;

export const myRequestCalls = controller('Inbox', {
  getMyRequestTable: tableCall({
    columns: myRequestTableColumns,
    row: myRequestRow,
    summary: "One page of the own customer's submissions and service orders, with their status and the provider's answers.",
  }),
});

export const statusMailSetting = z.object({ enabled: z.boolean() });
export type StatusMailSetting = z.infer<typeof statusMailSetting>;

export const statusMailCalls = controller('Account', {
  getStatusMails: {
    method: 'GET',
    response: statusMailSetting,
    summary: 'Whether the own account is mailed when the provider changes the status of a request, report or order.',
  },
  setStatusMails: {
    method: 'POST',
    body: z.strictObject({ enabled: z.boolean({ error: v.invalidValue }) }),
    summary: 'Switch the status mails of the own account on or off.',
  },
});
