import type { CallDefinition } from '../define.js';
import { accountCalls } from './account.js';
import { authenticationCalls } from './authentication.js';
import { contactDetailsCalls, faqCalls, memoCalls } from './content.js';
import { assortmentCalls } from './assortment.js';
import { fileCalls } from './file.js';
import { formsCalls } from './forms.js';
import { invoiceCalls } from './invoice.js';
import { deliveryScheduleCalls } from './delivery-schedule.js';
import { packingOrderCalls } from './packing-order.js';
import { patientCalls } from './patient.js';
import { pharmacistCalls } from './pharmacist.js';
import { serviceProductCalls, serviceProductOrderCalls } from './service-product.js';

export * from './account.js';
export * from './authentication.js';
export * from './content.js';
export * from './assortment.js';
export * from './file.js';
export * from './forms.js';
export * from './invoice.js';
export * from './delivery-schedule.js';
export * from './packing-order.js';
export * from './patient.js';
export * from './pharmacist.js';
export * from './service-product.js';
export * from './my-requests.js';
export * from './dashboard.js';
export * from './backup-codes.js';
export * from './exports.js';
export * from './access-log.js';
export * from './sessions.js';

/**
 * Every call of the product, grouped by what it is about, in the portal's one vocabulary (the assortment is
 * the spec's Drug controller; its Order controller serves packing orders and delivery schedules). The
 * controller and action strings of each call stay the spec's.
 */
export const calls = {
  account: accountCalls,
  authentication: authenticationCalls,
  contactDetails: contactDetailsCalls,
  faq: faqCalls,
  memo: memoCalls,
  assortment: assortmentCalls,
  invoice: invoiceCalls,
  packingOrder: packingOrderCalls,
  deliverySchedule: deliveryScheduleCalls,
  patient: patientCalls,
  forms: formsCalls,
  file: fileCalls,
  pharmacist: pharmacistCalls,
  serviceProduct: serviceProductCalls,
  serviceProductOrder: serviceProductOrderCalls,
} as const;

export const allCalls: CallDefinition[] = Object.values(calls).flatMap(
  (group) => Object.values(group) as CallDefinition[],
);
