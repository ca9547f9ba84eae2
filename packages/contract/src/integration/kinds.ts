import { z } from 'zod';
import {
  assortmentImportRow,
  customerImportRow,
  departmentImportRow,
  invoiceImportRow,
  packingOrderImportRow,
  patientImportRow,
  productImportRow,
} from './rows.js';
import { importRejection } from './import-errors.js';

/**
 * The kinds of data the provider's systems send, in the order they depend on each other (a patient needs its
 * department, a department its customer). Each kind is also the OAuth scope that lets a client write and
 * reconcile it, and the last part of its path: `POST /api/integration/v1/<kind>`.
 */
export const importKinds = {
  customers: { row: customerImportRow, perCustomer: false, label: 'klanten' },
  departments: { row: departmentImportRow, perCustomer: true, label: 'afdelingen met hun bezorgschema' },
  patients: { row: patientImportRow, perCustomer: true, label: 'patiënten' },
  products: { row: productImportRow, perCustomer: false, label: 'productcatalogus' },
  assortment: { row: assortmentImportRow, perCustomer: true, label: 'assortiment per klant' },
  'packing-orders': { row: packingOrderImportRow, perCustomer: true, label: 'inpakopdrachten' },
  invoices: { row: invoiceImportRow, perCustomer: true, label: 'facturen met hun regels' },
} as const;
export type ImportKind = keyof typeof importKinds;
export const importKindNames = Object.keys(importKinds) as [ImportKind, ...ImportKind[]];
export const importKind = z.enum(importKindNames);

/**
 * The scopes an integration client can hold: one per kind it sends (and reads back), and the way back (issue 29):
 * reading the event feed of service orders and of submissions (the latter names patients), and writing their
 * status and answers.
 */
export const wayBackScopes = ['orders:read', 'submissions:read', 'orders:write', 'submissions:write'] as const;
export const integrationScopes = [...importKindNames, ...wayBackScopes] as const;
export const integrationScope = z.enum(integrationScopes);
export type IntegrationScope = z.infer<typeof integrationScope>;

export const importModes = ['upsert', 'snapshot'] as const;
export type ImportMode = (typeof importModes)[number] | 'delete';

/** What the integration says of a row it does not take as it is. */
export const importRowText = {
  versionConflict: 'Deze versie van de rij is al ontvangen met een andere inhoud: geef een gewijzigde rij een nieuwe versie',
  halvingUnsaid: (text: string) =>
    `'${text}' klinkt als niet te halveren, maar zonder canBeHalved toont het portaal 'Kan gehalveerd: Ja'; stuur canBeHalved mee`,
} as const;

/**
 * How a batch ended: every row taken (succeeded), some refused (partial), none taken (rejected: every row refused
 * or older than what is kept), or not at all (failed: nothing of it kept).
 */
export const importRunStatuses = ['running', 'succeeded', 'partial', 'rejected', 'failed'] as const;

/** The answer to a batch: what happened to its rows. */
export const importRunSummary = z.object({
  runId: z.int(),
  kind: importKind,
  mode: z.enum(['upsert', 'snapshot', 'delete']),
  status: z.enum(importRunStatuses),
  /** The customer code a snapshot was limited to. */
  customer: z.string().nullable(),
  received: z.int(),
  inserted: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  /** rows older (by their version) than the row kept: refused, the newer row stays */
  stale: z.int(),
  /** what the sender should know besides the counts: a text that was not UTF-8 and was read as Windows-1252 */
  warnings: z.array(z.string()),
  deleted: z.int(),
  rejected: z.int(),
  startedAt: z.string(),
  durationMs: z.int().nullable(),
  error: z.string().nullable(),
  /** Every rejected row (for a run with more than 1,000, the first 1,000: the rest by `/import-runs/<id>/rejections`). */
  rejections: z.array(importRejection),
});
export type ImportRunSummary = z.infer<typeof importRunSummary>;

/** The rows a reconciliation lists (`rows=true`) at most: a larger range is refused, to be narrowed. */
export const reconciliationRowLimit = 1000;

/**
 * A row as the portal holds it: its key, the version it was sent with (empty without one) and the SHA-256 (hex)
 * of the row as it was sent, in the canonical form of RFC 8785 (JSON Canonicalization Scheme: object members
 * sorted by name, no whitespace, numbers and strings as ECMAScript's JSON.stringify writes them), its UTF-8
 * bytes hashed. Empty where the portal holds no such hash: an assortment row (its key is all it has), or a row
 * last written before row hashes were kept in this form.
 */
export const reconciledRow = z.object({ key: z.string(), version: z.string(), hash: z.string() });

/** What the portal holds of one kind (for one customer, in a range of keys): enough to compare without reading data back. */
export const reconciliation = z.object({
  kind: importKind,
  customer: z.string().nullable(),
  /** The range asked for (both ends included, keys in byte order of their UTF-8); null for an open end. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  count: z.int(),
  /**
   * SHA-256 (hex) over the lines `<key>\t<version>\t<hash>\n` (see `reconciledRow`) of every row in the range that
   * came in with a key, in the byte order of the keys: a changed row changes it, so halving the range finds it.
   */
  checksum: z.string(),
  /** With `rows=true`: the range's rows (at most 1,000) in key order. */
  rows: z.array(reconciledRow).optional(),
});
export type Reconciliation = z.infer<typeof reconciliation>;

/** RFC 6749 §5.1. */
export const integrationTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.int(),
  scope: z.string(),
});
export type IntegrationTokenResponse = z.infer<typeof integrationTokenResponse>;

export const integrationBasePath = '/api/integration/v1';
