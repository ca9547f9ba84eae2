import { z } from 'zod';
import { controller, defineCall, listCall, submissionCall } from '../define.js';
import { validation as v } from '../messages.js';
import { orderAmount } from '../constants.js';
import { idField, queryIdField } from '../fields.js';
import { tableCall } from '../table.js';
import type { InboxStatus } from '../enums.js';
import { inboxStatusLabels, inboxStatusText } from '../inbox.js';

/** A product the customer can order. */
export const serviceProduct = z.object({
  serviceProductId: z.int(),
  articleCode: z.string(),
  name: z.string(),
  description: z.string(),
  /** Where the product's picture is; null when it has none. */
  imageUri: z.string().nullable(),
  /** In euro, excluding VAT; null when the price is not known (the screen shows a dash). */
  price: z.number().nullable(),
});
export type ServiceProduct = z.infer<typeof serviceProduct>;

export const serviceProductCalls = controller('ServiceProduct', {
  getServiceProducts: listCall({ item: serviceProduct, summary: 'Every service product the customer can order.' }),
});

/**
 * A product's picture, as `imageUri` points to it. Not a call of the spec: an `<img>` cannot send a bearer
 * token, and the pictures of the provider's catalogue are not confidential, so it is served without one,
 * with a long cache and an ETag (the `v` parameter in `imageUri` changes with the picture).
 */
export const serviceProductImage = defineCall({
  controller: 'ServiceProduct',
  action: 'GetImage',
  method: 'GET',
  auth: false,
  query: z.object({ ServiceProductId: queryIdField() }),
  response: 'file',
  summary: "A service product's picture (no token needed; cached).",
});

/**
 * What a client may send along from the catalogue or its own sums. The server takes every price from the
 * catalogue at the moment of ordering: these fields are accepted and dropped, never read.
 */
const ignoredByServer = z.unknown().optional();

export const addServiceProductOrderRequest = z
  .strictObject({
    /** Only the rows with an amount of at least 1; each product once. */
    orderRows: z
      .array(
        z
          .strictObject({
            serviceProductId: idField(v.invalidValue),
            amount: z
              .int({ error: v.invalidValue })
              .min(orderAmount.min, v.tooSmall(orderAmount.min))
              .max(orderAmount.max, v.tooLarge(orderAmount.max)),
            price: ignoredByServer,
            rowTotalPrice: ignoredByServer,
          })
          .transform(({ serviceProductId, amount }) => ({ serviceProductId, amount })),
        { error: v.required },
      )
      .min(1, v.required)
      .max(500, v.invalidValue)
      .superRefine((rows, ctx) => {
        const seen = new Set<number>();
        rows.forEach((row, index) => {
          if (seen.has(row.serviceProductId)) {
            ctx.addIssue({ code: 'custom', path: [index, 'serviceProductId'], message: v.invalidValue });
          }
          seen.add(row.serviceProductId);
        });
      }),
    orderTotalPrice: ignoredByServer,
  })
  .transform(({ orderRows }) => ({ orderRows }));

/** One line of an order. */
export const serviceProductOrderLine = z.object({
  serviceProductId: z.int(),
  serviceProductArticleCode: z.string(),
  serviceProductName: z.string(),
  amount: z.int(),
  /** In euro, excluding VAT, at the time of ordering; null when not known. */
  price: z.number().nullable(),
  /** amount × price; null when the price is not known. */
  rowTotalPrice: z.number().nullable(),
});

/**
 * `status` is answered as the stored InboxStatus code ('New' | 'Processing' | 'Archived'), as an ASP.NET
 * server serialises the enum; a screen shows its Dutch label from this map (and the code itself for a code
 * it does not know). The provider's staff set it in the back-office inbox (issue 12).
 */
export const serviceProductOrderStatusLabels: Record<InboxStatus, string> = inboxStatusLabels;

/** The Dutch label of an order status; an unknown status as it came. */
export const serviceProductOrderStatusText = inboxStatusText;

export const serviceProductOrder = z.object({
  serviceProductOrderId: z.int(),
  requesterName: z.string(),
  requesterEmail: z.string(),
  status: z.string(),
  /** null once the ordering account has been removed (its name and address stay on the order). */
  createdByPharmacistAccountId: z.int().nullable(),
  createdByPharmacistEmailAddress: z.string(),
  /** ISO date-time. */
  createDate: z.iso.datetime({ offset: true, local: true }),
  /** Sum of the row totals whose price is known, excluding VAT. */
  orderTotalPrice: z.number(),
  orderRows: z.array(serviceProductOrderLine),
});
export type ServiceProductOrder = z.infer<typeof serviceProductOrder>;

export const serviceProductOrderTableColumns = ['serviceProductOrderId', 'requesterName', 'status'] as const;
export type ServiceProductOrderTableColumn = (typeof serviceProductOrderTableColumns)[number];

export const serviceProductOrderListRow = z.object({
  serviceProductOrderId: z.int(),
  requesterName: z.string(),
  status: z.string(),
  /** ISO date-time. */
  createDate: z.iso.datetime({ offset: true, local: true }),
});
export type ServiceProductOrderListRow = z.infer<typeof serviceProductOrderListRow>;

export const serviceProductOrderCalls = controller('ServiceProductOrder', {
  addServiceProductOrder: submissionCall({
    body: addServiceProductOrderRequest,
    response: z.object({ serviceProductOrderId: z.int() }),
    summary: 'Order service products; answers the id of the new order.',
  }),
  getServiceProductOrderById: {
    method: 'GET',
    query: z.object({ ServiceProductOrderId: queryIdField() }),
    response: serviceProductOrder,
    summary: 'One service-product order of the own customer.',
  },
  getServiceProductOrderTable: tableCall({
    columns: serviceProductOrderTableColumns,
    row: serviceProductOrderListRow,
    summary: "One page of the own customer's service-product orders.",
  }),
});
