import { z } from 'zod';
import { staffController, staffRoles } from './staff-controller.js';
import { inboxStatus } from '../enums.js';
import { idField, optionalIsoDate, queryIdField, requiredEnum, requiredText } from '../fields.js';
import { inboxItemKind, inboxKind } from '../inbox.js';
import { validation as v } from '../messages.js';
import { tableRequest, tableResponse } from '../table.js';
import { uploadedFile } from '../calls/file.js';
import { maxThreadFiles, replyText } from '../calls/my-requests.js';

/** The Dutch texts of the inbox that the server and the web app share. */
export const inboxText = {
  transitionRefused:
    'Deze statuswijziging kan niet: Nieuw gaat naar In behandeling, In behandeling naar Gearchiveerd, en Gearchiveerd terug naar In behandeling.',
  assigneeUnknown: 'Deze collega bestaat niet of is niet actief.',
  assigneeCannotSee: 'Deze collega kan dit item niet inzien.',
  noSubmitterAddress: 'Van de indiener is geen e-mailadres bekend.',
  /** who acted, in an item's history, when the provider's system wrote back instead of a staff member */
  byIntegration: 'Koppeling',
  noteRequired: 'Notitie is verplicht',
  subjectRequired: 'Onderwerp is verplicht',
  answerRequired: 'Antwoord is verplicht',
  periodOrder: 'De einddatum ligt voor de begindatum.',
  /** Issue 30.3: a customer's reply in the history, by whom and, when it was a mail, that it was */
  replyFrom: (name: string | null, via: 'portal' | 'mail' | null) => `Reactie van ${name ?? 'de klant'}${via === 'mail' ? ' via e-mail' : ''}`,
  answerFilesLabel: 'Bijlagen',
  answerFilesHint: 'Maximaal 5 bestanden: pdf, foto (jpeg of png), txt, rtf of Word, elk tot 20 MB. De klant downloadt ze onder Mijn aanvragen en meldingen.',
  /** Issue 30.3: a warning, not a refusal, while an answer names the item's patient (`patientMentions`) */
  answerNamesPatient: (found: readonly string[]) => `Uw antwoord noemt de patiënt van dit item: ${found.join(', ')}.`,
  answerNamesPatientHint:
    'Het antwoord gaat niet per e-mail, maar de medewerkers van de klant lezen het in Mijn Spits. Noem de patiënt alleen als dat nodig is.',
  /** what the answer form says of its mail: that there is an answer, never the answer itself (decision 0079) */
  answerMailed: 'De indiener krijgt een e-mail dat er een antwoord is, met een link; het antwoord zelf leest de klant onder Mijn aanvragen en meldingen.',
} as const;

export const inboxTableColumns = ['receivedAt', 'id', 'kind', 'clientName', 'submitterName', 'patientName', 'status', 'assigneeName', 'dueAt'] as const;
export type InboxTableColumn = (typeof inboxTableColumns)[number];
export const inboxTableDefaults = { sortBy: 'receivedAt', descending: true, rowsPerPage: 20 } as const;

/** Whose items: nobody's yet, the caller's own, or one colleague's (by id). */
export const inboxAssigneeFilter = z.union([z.literal('nobody'), z.literal('me'), idField(v.invalidValue)], { error: v.invalidValue });
export type InboxAssigneeFilter = z.infer<typeof inboxAssigneeFilter>;

/**
 * The inbox's table request: the table's page, sort and search (customer, submitter, patient, reference), and
 * its filters. Without `statuses` the inbox shows what still needs work (New and Processing); an empty list
 * shows every status. The period counts in whole days of Europe/Amsterdam, both ends included.
 */
export const inboxTableRequest = tableRequest(inboxTableColumns)
  .extend({
    kinds: z.array(requiredEnum(inboxKind.options, v.invalidValue), { error: v.invalidValue }).max(20, v.invalidValue).nullish(),
    statuses: z.array(requiredEnum(inboxStatus.options, v.invalidValue), { error: v.invalidValue }).max(3, v.invalidValue).nullish(),
    customerId: z.uuid({ error: v.invalidValue }).nullish(),
    assignee: inboxAssigneeFilter.nullish(),
    receivedFrom: optionalIsoDate(),
    receivedUntil: optionalIsoDate(),
    /** only the open items past their due moment (issue 30.5: "Te laat") */
    overdue: z.boolean({ error: v.invalidValue }).nullish(),
  })
  .refine((r) => !r.receivedFrom || !r.receivedUntil || r.receivedFrom <= r.receivedUntil, {
    path: ['receivedUntil'],
    message: inboxText.periodOrder,
  });
export type InboxTableRequest = z.input<typeof inboxTableRequest>;

const instant = () => z.iso.datetime({ offset: true, local: true });

/**
 * When an item should be done (issue 30.5): a roll request by the start of its "Uiterste ontvangstdatum"
 * (Europe/Amsterdam), any other by its receipt plus its kind's service time. `overdue`: still open past it.
 */
export const inboxDue = {
  dueAt: instant(),
  /** what the moment is taken from: the form's date, or the kind's service time */
  dueFrom: z.enum(['receiveDate', 'serviceTime']),
  overdue: z.boolean(),
};

export const inboxRow = z.object({
  itemKind: inboxItemKind,
  /** the submission's or order's number: its reference */
  id: z.int(),
  /** an InboxKind */
  kind: z.string(),
  customerId: z.string(),
  clientCode: z.string(),
  clientName: z.string(),
  submitterName: z.string().nullable(),
  submitterEmail: z.string().nullable(),
  patientId: z.int().nullable(),
  patientName: z.string().nullable(),
  receivedAt: instant(),
  /** an InboxStatus */
  status: z.string(),
  statusChangedAt: instant().nullable(),
  assigneeId: z.int().nullable(),
  assigneeName: z.string().nullable(),
  ...inboxDue,
});
export type InboxRow = z.infer<typeof inboxRow>;

/** The inbox's filters by name, as a search result outside them names them. */
export const inboxFilterNames = ['statuses', 'kinds', 'customerId', 'assignee', 'period', 'overdue'] as const;
export type InboxFilterName = (typeof inboxFilterNames)[number];

/**
 * A page of the inbox; with a search, also what the search finds that the filters hide (every status, kind,
 * customer, assignee and period), and which filters hide it: each filter that alone hides some, or all of
 * them where only together they do. null without a search, or when the filters hide nothing it finds.
 */
export const inboxTableResponse = tableResponse(inboxRow).extend({
  outsideFilters: z.object({ count: z.int(), filters: z.array(z.enum(inboxFilterNames)) }).nullable(),
});
export type InboxTableResponse = z.infer<typeof inboxTableResponse>;

/** Which item a call is about: where it is kept and its number. */
const itemOf = { itemKind: requiredEnum(inboxItemKind.options, v.invalidValue), id: idField(v.invalidValue) };

export const inboxEventKinds = ['Received', 'Status', 'Assigned', 'Note', 'Answer', 'Reply'] as const;
export type InboxEventKind = (typeof inboxEventKinds)[number];

export const inboxAttachment = z.object({
  fileId: z.string(),
  fileName: z.string(),
  mediaType: z.string(),
  sizeBytes: z.int(),
  /** a photo (jpeg or png): shown in the detail */
  isImage: z.boolean(),
});
export type InboxAttachment = z.infer<typeof inboxAttachment>;

export const inboxEvent = z.object({
  /** 'received' for the arrival itself, else the event's number */
  id: z.string(),
  at: instant(),
  event: z.enum(inboxEventKinds),
  /** who of the staff; null for the arrival */
  staffName: z.string().nullable(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  /** Assigned: to whom (null: to nobody) */
  assigneeName: z.string().nullable(),
  /** Answer: the mail's subject */
  subject: z.string().nullable(),
  /** Note: the note; Answer: the text mailed */
  body: z.string().nullable(),
  /** Answer: where it was mailed */
  mailedTo: z.string().nullable(),
  /** Reply (issue 30.3): the customer's colleague who replied; Status: who of the customer set it back by replying */
  customerName: z.string().nullable(),
  /** Reply: by the portal or by answering a mail */
  via: z.enum(['portal', 'mail']).nullable(),
  /** Answer, Reply: the files that went with it */
  files: z.array(inboxAttachment),
});
export type InboxEvent = z.infer<typeof inboxEvent>;

export const inboxDetail = z.object({
  itemKind: inboxItemKind,
  id: z.int(),
  kind: z.string(),
  status: z.string(),
  receivedAt: instant(),
  statusChangedAt: instant().nullable(),
  client: z.object({ id: z.string(), clientCode: z.string(), name: z.string() }),
  submitter: z.object({ name: z.string().nullable(), emailAddress: z.string().nullable() }),
  assignee: z.object({ id: z.int(), name: z.string() }).nullable(),
  patient: z.object({ patientId: z.int(), patientName: z.string(), birthDate: z.string(), facility: z.string() }).nullable(),
  /** the form as the customer filled it in: each field's Dutch label and its value as text (lines kept) */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  /** a service order's lines and total (euro, excluding VAT); null for a submission */
  order: z
    .object({
      rows: z.array(
        z.object({ articleCode: z.string(), name: z.string(), amount: z.int(), price: z.number().nullable(), rowTotalPrice: z.number().nullable() }),
      ),
      totalPrice: z.number(),
    })
    .nullable(),
  attachments: z.array(inboxAttachment),
  /** oldest first, the arrival first of all */
  history: z.array(inboxEvent),
  ...inboxDue,
});
export type InboxDetail = z.infer<typeof inboxDetail>;

export const backofficeInboxCalls = staffController(
  'Inbox',
  staffRoles,
  {
    getTable: {
      method: 'POST',
      body: inboxTableRequest,
      response: inboxTableResponse,
      summary: "One page of every customer's submissions and service orders (Kwaliteit: imperfection reports only).",
    },
    getNewCount: {
      method: 'GET',
      response: z.object({ count: z.int() }),
      summary: 'How many items the caller may see are New (the menu shows it).',
    },
    getItem: {
      method: 'GET',
      query: z.object({ ItemKind: requiredEnum(inboxItemKind.options, v.invalidValue), Id: queryIdField(v.invalidValue) }),
      response: inboxDetail,
      summary: 'One item as a readable form, with its patient, attachments, history and notes (audited).',
    },
    downloadFile: {
      method: 'GET',
      query: z.object({ FileId: z.uuid({ error: v.invalidValue }) }),
      response: 'file',
      summary: 'An attachment of a submission (audited).',
    },
    setStatus: {
      method: 'POST',
      body: z.strictObject({ ...itemOf, status: requiredEnum(inboxStatus.options, v.required) }),
      summary: 'New → Processing → Archived, or Archived back to Processing; other changes are refused.',
    },
    assign: {
      method: 'POST',
      body: z.strictObject({ ...itemOf, assigneeId: idField(v.invalidValue).nullable() }),
      summary: 'Give the item to a colleague, or to nobody (null).',
    },
    addNote: {
      method: 'POST',
      body: z.strictObject({ ...itemOf, text: requiredText(inboxText.noteRequired, 4000) }),
      summary: 'An internal note: the customer never sees it.',
    },
    answer: {
      method: 'POST',
      body: z.strictObject({
        ...itemOf,
        subject: requiredText(inboxText.subjectRequired, 200),
        text: requiredText(inboxText.answerRequired, 10_000),
        /** files uploaded for this item (UploadAttachment) */
        fileGuids: z.array(z.uuid({ error: v.fileUnknown })).max(maxThreadFiles, replyText.tooManyFiles).default([]),
      }),
      summary: 'Mail the submitter an answer (with files); it is kept in the history and shown to the customer.',
    },
    uploadAttachment: {
      method: 'POST',
      multipart: true,
      query: z.object({ ItemKind: requiredEnum(inboxItemKind.options, v.invalidValue), Id: queryIdField(v.invalidValue) }),
      response: uploadedFile,
      extraStatuses: [413],
      summary: "A file for an answer to the item (multipart field `file`; the upload rules of the customer's portal).",
    },
  },
);
