import { z } from 'zod';
import { controller, submissionCall } from '../define.js';
import { uuidField } from '../fields.js';
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

/** A file of a thread's message: an answer's attachment or one sent with a reply. */
export const threadFile = z.object({ fileGuid: z.uuid(), fileName: z.string() });

/**
 * One message of an item's thread, oldest first: the provider's answers and the customer's own replies (by the
 * portal or by mail), with their files. Never a note, never who of the provider's staff wrote it.
 */
export const threadMessage = z.object({
  at: z.iso.datetime({ offset: true, local: true }),
  from: z.enum(['provider', 'customer']),
  /** the customer's colleague who replied; null for the provider's answers */
  author: z.string().nullable(),
  subject: z.string().nullable(),
  text: z.string(),
  files: z.array(threadFile),
});
export type ThreadMessage = z.infer<typeof threadMessage>;

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
  /** the answers and the customer's replies, oldest first */
  thread: z.array(threadMessage),
});
export type MyRequestRow = z.infer<typeof myRequestRow>;

export const myRequestCalls = controller('Inbox', {
  getMyRequestTable: tableCall({
    columns: myRequestTableColumns,
    row: myRequestRow,
    summary: "One page of the own customer's submissions and service orders, with their status and the provider's answers.",
  }),
});

/** What the customer's reply form and its item's conversation say (issue 30.3). */
export const replyText = {
  textRequired: 'Schrijf uw reactie',
  tooManyFiles: 'U kunt maximaal 5 bestanden meesturen',
  sent: 'Uw reactie is verstuurd. Het verzoek staat weer in behandeling.',
  failed: 'Uw reactie is niet verstuurd. Probeer het opnieuw.',
  textLabel: 'Uw reactie',
  filesLabel: 'Bijlagen',
  filesHint: 'Maximaal 5 bestanden: pdf, foto (jpeg of png), txt, rtf of Word, elk tot 20 MB.',
  send: 'Reactie versturen',
  /** the table's column of the buttons below */
  column: 'Berichten',
  /** the row's button when nothing was said yet, and what it says to screen readers */
  reply: 'Reageren',
  replyTo: (title: string) => `Reageren op ${title}`,
  /** the row's button when there are messages */
  read: (count: number) => (count === 1 ? 'Lezen' : `Lezen (${count})`),
  readAbout: (title: string) => `Berichten over ${title} lezen`,
  /** the conversation's title: 'Uw vraag van 03-03-2026' */
  title: (title: string) => `Uw ${title.charAt(0).toLowerCase()}${title.slice(1)}`,
  empty: 'Er zijn nog geen berichten. Stel hieronder uw vraag of geef een aanvulling.',
  fromProvider: 'Antwoord van Spits',
  fromCustomer: (author: string | null) => (author ? `Reactie van ${author}` : 'Uw reactie'),
  download: (fileName: string) => `${fileName} downloaden`,
  downloadFailed: 'Downloaden is niet gelukt. Probeer het opnieuw.',
  close: 'Sluiten',
} as const;

/** At most this many files go with one reply or answer. */
export const maxThreadFiles = 5;

export const threadReplyRequest = z.strictObject({
  itemKind: inboxItemKind,
  id: z.int({ error: v.invalidValue }).min(1, v.invalidValue),
  text: z.string({ error: replyText.textRequired }).trim().min(1, replyText.textRequired).max(10_000, v.tooLong(10_000)),
  /** uploads of the customer's own (File/UploadFile, purpose Attachment or any) */
  fileGuids: z.array(uuidField(v.fileUnknown)).max(maxThreadFiles, replyText.tooManyFiles).default([]),
});

export const myRequestThreadCalls = controller('Inbox', {
  replyToMyRequest: submissionCall({
    body: threadReplyRequest,
    response: z.object({ status: z.string() }),
    summary: "Reply on one of the customer's own requests, reports or orders (with files): it lands on the item and sets it back to In behandeling.",
  }),
  getMyRequestFile: {
    method: 'GET',
    query: z.object({ FileId: uuidField(v.fileUnknown) }),
    response: 'file',
    summary: "A file of the thread of one of the customer's items (an answer's attachment or one of its own replies).",
  },
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
