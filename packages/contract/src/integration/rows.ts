import { z } from 'zod';
import { deploymentProfiles } from '../deployment.js';
import { invoicePaymentStatuses } from '../enums.js';
import { boundedText, customerCodeField, isoDate, isoTime, optionalText, requiredText } from '../fields.js';
import { validation as v } from '../messages.js';

/**
 * The rows the provider's systems send through the integration door (issue 11), one schema per kind. Rows are
 * keyed by the provider's own ids ("external keys"); rows of a customer name it by its customer code, and refer
 * to each other (a patient to its department, an assortment row to a product) by those keys, never by ours.
 * Every text field is built from the text fields of ../fields.ts, so each holds only what the database can store:
 * a row with a NUL is a rejected row, not a failed batch (issue 26.4).
 */

/** The provider's id of a row: unique per kind (per customer for a customer's rows). */
export const externalKey = () => requiredText(v.required, 100);
/** Optional: the sender's version of the row (a timestamp, a counter); reconciliation sums it up. */
const version = boundedText(100).optional();
const customer = () => customerCodeField();

export const customerKinds = ['Pharmacy', 'CareInstitution'] as const;
/** The deployment sites whose forms a customer may use. */
export const customerSites = Object.keys(deploymentProfiles).filter((name) => name !== 'default') as [string, ...string[]];

export const customerImportRow = z.strictObject({
  /** The customer code: the key of a customer (the code customers log in under and see on their invoices). */
  code: customerCodeField(),
  name: requiredText(v.required, 200),
  kind: z.enum(customerKinds),
  site: z.enum(customerSites).nullish(),
  /** The invoice address: street and number, postal code and place (shown on the invoice). */
  address: optionalText(200),
  postalCode: optionalText(20),
  city: optionalText(100),
  version,
});

export const weeklyDelivery = z.strictObject({
  /** ISO weekday: 1 is Monday, 7 is Sunday */
  shipmentDay: z.int().min(1).max(7),
  shipmentTime: isoTime(),
  arrivalDay: z.int().min(1).max(7),
  arrivalTime: isoTime(),
});

export const departmentImportRow = z.strictObject({
  customer: customer(),
  key: externalKey(),
  name: requiredText(v.required, 200),
  /** The department's weekly delivery schedule, as a whole: what is not listed is no longer agreed. */
  deliverySchedules: z.array(weeklyDelivery).max(50).default([]),
  version,
});

export const patientImportRow = z.strictObject({
  customer: customer(),
  key: externalKey(),
  /** The key of the patient's department. */
  department: externalKey(),
  firstName: requiredText(v.required, 100),
  namePrefix: optionalText(50),
  lastName: requiredText(v.required, 100),
  birthDate: isoDate(),
  version,
});

export const productImportRow = z.strictObject({
  key: externalKey(),
  ziNumber: requiredText(v.required, 8).regex(/^\d{1,8}$/, v.invalidValue),
  gpk: boundedText(20).default(''),
  hpk: boundedText(20).default(''),
  longName: requiredText(v.required, 300),
  /** The appearance (shape, colour, marking). */
  dtaDescription: boundedText(300).default(''),
  /** How it may be split, in words; shown as it is. */
  splitDescription: boundedText(300).default(''),
  /**
   * Whether a tablet may be halved: shown to pharmacists as Kan gehalveerd Ja or Nee. Without it the portal falls
   * back on the spec's rule (Nee only when the description holds the word ERROR), and a description that reads as
   * a refusal is taken with a warning.
   */
  canBeHalved: z.boolean().optional(),
  packaging: boundedText(300).default(''),
  version,
});

export const assortmentImportRow = z.strictObject({
  customer: customer(),
  /** The key of a product of the catalogue. */
  product: externalKey(),
  version,
});

/** The statuses a packing order passes through on the line. */
export const packingOrderStatuses = ['Received', 'InProduction', 'Packed', 'Shipped', 'Delivered', 'Cancelled'] as const;

export const packingOrderImportRow = z.strictObject({
  customer: customer(),
  key: externalKey(),
  department: externalKey(),
  patientCount: z.int().min(0).max(100_000),
  bagCount: z.int().min(0).max(10_000_000),
  status: z.enum(packingOrderStatuses),
  /** The status as the packing line words it ('Ingepakt, lijn 3'); shown instead of the standard label. */
  statusText: optionalText(100),
  orderDate: isoDate(),
  version,
});

export const invoiceLineImport = z.strictObject({
  /** The department's key when the line is for one department. */
  department: externalKey().nullish(),
  description: requiredText(v.required, 300),
  quantity: z.int().min(-1_000_000).max(1_000_000),
  /** excluding VAT, in euro */
  unitPrice: z.number().min(-1_000_000).max(1_000_000),
  /** percent: 0, 9 or 21 */
  vatRate: z.number().min(0).max(100),
});

export const invoiceImportRow = z.strictObject({
  customer: customer(),
  key: externalKey(),
  /** The invoiced month: its first day, `YYYY-MM-01` (any day names its month). */
  processedMonth: isoDate(),
  /** The total including VAT, in euro. */
  amount: z.number().min(-100_000_000).max(100_000_000),
  /** The invoice number of the provider's invoicing; without it the key is the number. */
  number: optionalText(50),
  /** The invoice date; without it the first day after the invoiced month. */
  invoiceDate: isoDate().nullish(),
  /** The date the invoice must be paid by; without it the invoice date plus the payment term. */
  dueDate: isoDate().nullish(),
  /** Whether it is paid, when the invoicing knows: shown in the invoice list. */
  paymentStatus: z.enum(invoicePaymentStatuses).nullish(),
  lines: z.array(invoiceLineImport).max(10_000).default([]),
  version,
});

/** A row of a delete list: the customer (for a customer's rows) and the key. */
export const deleteImportRow = z.strictObject({
  customer: customer().optional(),
  key: externalKey(),
});

export type CustomerImportRow = z.infer<typeof customerImportRow>;
export type DepartmentImportRow = z.infer<typeof departmentImportRow>;
export type PatientImportRow = z.infer<typeof patientImportRow>;
export type ProductImportRow = z.infer<typeof productImportRow>;
export type AssortmentImportRow = z.infer<typeof assortmentImportRow>;
export type PackingOrderImportRow = z.infer<typeof packingOrderImportRow>;
export type InvoiceImportRow = z.infer<typeof invoiceImportRow>;
export type DeleteImportRow = z.infer<typeof deleteImportRow>;
