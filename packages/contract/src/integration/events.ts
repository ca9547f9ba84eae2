import { z } from 'zod';
import { inboxStatus } from '../enums.js';
import { submissionKinds } from '../inbox.js';
import { askNonFaqQuestionRequest, requestImmediateProductRequest, requestNewProductRequest, requestOfflineAssortmentRequest, requestPhotoRequest } from '../calls/forms/request-forms.js';
import {
  reportImperfectionInceptionAlkmaarRequest,
  reportImperfectionInceptionApeldoornRequest,
  reportImperfectionInceptionOosterwoldeRequest,
  reportImperfectionRequest,
} from '../calls/forms/imperfection-reports.js';
import type { IntegrationScope } from './kinds.js';

/**
 * The way back to the provider's systems (issue 29): what customers file and what happens to it, as events of a
 * feed (`GET /api/integration/v1/events`) and as webhooks. Each names things by the provider's own keys (the
 * customer's code, the key the provider sent a department, patient or product with), dates as ISO 8601 and
 * amounts as numbers; files by a link of the integration door.
 */

export const integrationEventTypes = [
  'submission.created',
  'submission.statusChanged',
  'submission.answered',
  'submission.replied',
  'serviceOrder.created',
  'serviceOrder.statusChanged',
  'serviceOrder.answered',
  'serviceOrder.replied',
] as const;
export const integrationEventType = z.enum(integrationEventTypes);
export type IntegrationEventType = z.infer<typeof integrationEventType>;

/** The scope that reads an event type: submissions name patients, service orders do not. */
export const eventReadScope = (type: IntegrationEventType): IntegrationScope => (type.startsWith('submission.') ? 'submissions:read' : 'orders:read');

const customer = z.object({ code: z.string().describe("the customer's code, the provider's key"), name: z.string() });
const actor = z.object({
  kind: z.enum(['account', 'staff', 'integration']).describe("a customer's account, the provider's staff (the back-office), an integration client"),
  name: z.string().nullable(),
  email: z.string().nullable().describe('for an account: its address (also once the account is removed)'),
});
const patient = z.object({
  key: z.string().nullable().describe('the key the provider sent the patient with; null for a patient it did not send'),
  name: z.string(),
  birthDate: z.string().nullable().describe('YYYY-MM-DD'),
});
const department = z.object({
  key: z.string().nullable().describe("the provider's key of the department the form names, when one of the customer's departments bears that name"),
  name: z.string(),
});
const file = z.object({
  id: z.uuid(),
  field: z.string().describe('the form field it was uploaded for'),
  fileName: z.string(),
  mediaType: z.string(),
  bytes: z.int(),
  sha256: z.string(),
  href: z.string().describe('GET it with a token of scope submissions:read'),
});

/**
 * The fields of a form as filed, less its references (the patient and the files are given beside them): the
 * body of the portal's call of that form. Described per kind, not re-validated: a form's schema reads input (with
 * defaults and conversions) and cannot write it back.
 */
const references = new Set(['patientId', 'fileGuid', 'imageGuid']);
function filedFields(form: z.ZodObject, call: string) {
  const names = Object.keys(form.shape).filter((name) => !references.has(name));
  return z.record(z.string(), z.unknown()).describe(`the fields of the form as filed (the body of the portal's ${call}): ${names.join(', ')}`);
}

const formOfKind = {
  NonFaqQuestion: [askNonFaqQuestionRequest, 'AskNonFaqQuestion'],
  NewProduct: [requestNewProductRequest, 'RequestNewProduct'],
  ImmediateProduct: [requestImmediateProductRequest, 'RequestImmediateProduct'],
  Photo: [requestPhotoRequest, 'RequestPhoto'],
  OfflineAssortment: [requestOfflineAssortmentRequest, 'RequestOfflineAssortment'],
  Imperfection: [reportImperfectionRequest, 'ReportImperfection'],
  ImperfectionOosterwolde: [reportImperfectionInceptionOosterwoldeRequest, 'ReportImperfectionInceptionOosterwolde'],
  ImperfectionApeldoorn: [reportImperfectionInceptionApeldoornRequest, 'ReportImperfectionInceptionApeldoorn'],
  ImperfectionAlkmaar: [reportImperfectionInceptionAlkmaarRequest, 'ReportImperfectionInceptionAlkmaar'],
} satisfies Record<(typeof submissionKinds)[number], readonly [z.ZodObject, string]>;

const itemBase = {
  reference: z.string().describe("the item's one reference: AAN-/MEL- for a submission, BST- for a service order"),
  customer,
};
const submissionBase = { ...itemBase, kind: z.enum(submissionKinds), title: z.string().describe('what it is, in Dutch') };

/** A submission of one kind as it was filed, with the fields of its form. */
function submissionOfKind<K extends keyof typeof formOfKind>(kind: K) {
  const [form, call] = formOfKind[kind];
  return z.object({
    ...submissionBase,
    kind: z.literal(kind),
    status: inboxStatus,
    submittedAt: z.string(),
    submittedBy: actor,
    patient: patient.nullable(),
    department: department.nullable(),
    fields: filedFields(form, call),
    files: z.array(file),
  });
}

/** A submission as it was filed: one variant per kind. */
export const submissionCreated = z.discriminatedUnion('kind', [
  submissionOfKind('NonFaqQuestion'),
  submissionOfKind('NewProduct'),
  submissionOfKind('ImmediateProduct'),
  submissionOfKind('Photo'),
  submissionOfKind('OfflineAssortment'),
  submissionOfKind('Imperfection'),
  submissionOfKind('ImperfectionOosterwolde'),
  submissionOfKind('ImperfectionApeldoorn'),
  submissionOfKind('ImperfectionAlkmaar'),
]);

const orderLine = z.object({
  lineNo: z.int(),
  articleCode: z.string().describe("the provider's article code"),
  name: z.string(),
  amount: z.int(),
  price: z.number().nullable().describe('euro excluding VAT; null when not known'),
  total: z.number().nullable(),
});

export const serviceOrderCreated = z.object({
  ...itemBase,
  status: inboxStatus,
  orderedAt: z.string(),
  orderedBy: actor,
  lines: z.array(orderLine),
  totalPrice: z.number().describe('euro excluding VAT'),
});

const statusChanged = { status: inboxStatus, previousStatus: inboxStatus, changedAt: z.string(), changedBy: actor };
const answered = { subject: z.string(), text: z.string(), mailedTo: z.string(), answeredAt: z.string(), answeredBy: actor };

/** The customer's reply on its item, by the portal or by answering a mail (issue 30.3). */
const replied = {
  text: z.string(),
  via: z.enum(['portal', 'mail']),
  repliedAt: z.string(),
  repliedBy: actor,
  files: z.array(z.object({ id: z.uuid(), fileName: z.string(), href: z.string().describe('GET it with a token of scope submissions:read') })),
};

export const submissionStatusChanged = z.object({ ...submissionBase, ...statusChanged });
export const submissionReplied = z.object({ ...submissionBase, ...replied });
export const serviceOrderReplied = z.object({ ...itemBase, ...replied });
export const submissionAnswered = z.object({ ...submissionBase, ...answered });
export const serviceOrderStatusChanged = z.object({ ...itemBase, ...statusChanged });
export const serviceOrderAnswered = z.object({ ...itemBase, ...answered });

export const integrationEventData = {
  'submission.created': submissionCreated,
  'submission.statusChanged': submissionStatusChanged,
  'submission.answered': submissionAnswered,
  'submission.replied': submissionReplied,
  'serviceOrder.created': serviceOrderCreated,
  'serviceOrder.statusChanged': serviceOrderStatusChanged,
  'serviceOrder.answered': serviceOrderAnswered,
  'serviceOrder.replied': serviceOrderReplied,
} as const satisfies Record<IntegrationEventType, z.ZodType>;
export type IntegrationEventData<T extends IntegrationEventType> = z.infer<(typeof integrationEventData)[T]>;

export type IntegrationEvent = {
  [T in IntegrationEventType]: { id: string; position: number; type: T; timestamp: string; data: IntegrationEventData<T> };
}[IntegrationEventType];

/**
 * One event, as the feed lists it and a webhook carries it (the Standard Webhooks payload: type, timestamp,
 * data): its id (also the webhook's `webhook-id`), its place in the feed, when it happened.
 */
export const integrationEvent = z.discriminatedUnion(
  'type',
  integrationEventTypes.map((type) =>
    z.object({
      id: z.uuid(),
      position: z.int(),
      type: z.literal(type),
      timestamp: z.string(),
      data: integrationEventData[type],
    }),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]],
) as unknown as z.ZodType<IntegrationEvent>;
