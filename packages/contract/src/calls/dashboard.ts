import { z } from 'zod';
import { controller } from '../define.js';
import { isoDate, isoTime } from '../fields.js';
import { inboxKinds } from '../inbox.js';
import { invoiceRow } from './invoice.js';
import { packingOrderRow } from './packing-order.js';

/*
 * Not in the spec (issue 13, point 4): below the memos, the dashboard shows what a user comes for. Kept apart
 * from `calls` (the spec's own calls) like the other additions; a server without it answers 404, and the
 * dashboard then shows the memos only.
 */

/** How many of each list the summary carries; the screens behind the links have the rest. */
export const dashboardLimits = { deliveries: 6, inProduction: 5, forms: 4 } as const;

/** The form kinds a shortcut can lead to: what a customer files, not questions or service orders. */
export const dashboardFormKinds = inboxKinds.filter((kind) => kind !== 'NonFaqQuestion' && kind !== 'ServiceOrder');

export const nextDelivery = z.object({
  /** the department */
  facility: z.string(),
  /** `YYYY-MM-DD`: the next day of one of its weekly agreements, today when today's time is still to come */
  date: isoDate(),
  /** `HH:mm` */
  time: isoTime(),
});
export type NextDelivery = z.infer<typeof nextDelivery>;

export const dashboardSummary = z.object({
  /** Per department its next delivery, soonest first; `total` counts the departments with an agreement. */
  nextDeliveries: z.object({ total: z.int(), items: z.array(nextDelivery) }),
  /** The packing orders in production, oldest order first; `total` counts them all. */
  inProduction: z.object({ total: z.int(), items: z.array(packingOrderRow) }),
  /** The newest invoice, as the invoice table shows it; null before the first. */
  latestInvoice: invoiceRow.nullable(),
  /**
   * The form kinds (an InboxKind) this account sent most in the last year, then those its colleagues sent
   * most; most used first. Empty when nobody of the customer sent a form yet.
   */
  frequentForms: z.array(z.string()),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

export const dashboardCalls = controller('Dashboard', {
  getSummary: {
    method: 'GET',
    response: dashboardSummary,
    summary:
      "The dashboard's overview: next delivery per department, packing orders in production, the latest invoice and the forms used most.",
  },
});
