import type { CallDefinition } from '../define.js';
import { accountCalls } from './account.js';
import { authenticationCalls } from './authentication.js';
import { contactDetailsCalls, faqCalls, memoCalls } from './content.js';
import { drugCalls } from './drug.js';
import { fileCalls } from './file.js';
import { formsCalls } from './forms.js';
import { invoiceCalls } from './invoice.js';
import { orderCalls } from './order.js';
import { patientCalls } from './patient.js';
import { pharmacistCalls } from './pharmacist.js';
import { serviceProductCalls, serviceProductOrderCalls } from './service-product.js';

export * from './account.js';
export * from './authentication.js';
export * from './content.js';
export * from './drug.js';
export * from './file.js';
export * from './forms.js';
export * from './invoice.js';
export * from './order.js';
export * from './patient.js';
export * from './pharmacist.js';
export * from './service-product.js';

/** Every call of spec section 7, grouped by controller. */
export const calls = {
  account: accountCalls,
  authentication: authenticationCalls,
  contactDetails: contactDetailsCalls,
  faq: faqCalls,
  memo: memoCalls,
  drug: drugCalls,
  invoice: invoiceCalls,
  order: orderCalls,
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
