import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  validation,
  type addServiceProductOrderRequest,
  type ServiceProductOrder,
  type ServiceProductOrderListRow,
  type ServiceProductOrderTableColumn,
  type TableRequest,
  type TableResponse,
} from '@portal/contract';
import { serviceProductOrderRows, serviceProductOrders } from '../../db/schema.js';
import { badRequest, fieldErrors, notFound } from '../../lib/problems.js';
import { queryTable } from '../../lib/tables.js';
import type { TenantReading, UnitOfWork } from '../../lib/unit-of-work.js';
import { readSubmitter } from '../request-forms/submissions.service.js';
import { recordServiceOrderCreated } from '../events/created-events.js';
import { orderConfirmationMail, orderNotificationMail, type OrderedLine } from './service-product-order.mails.js';
import { serviceProductOrderTable } from './service-product-orders.table.js';

export type NewServiceProductOrder = z.output<typeof addServiceProductOrderRequest>;

export interface ServiceProductOrderDeps {
  /** the provider's service desk, told of every order */
  serviceMailAddress: string;
  /** the portal's address, for the notification's link to the order in the back-office */
  publicUrl: string;
}

/** What numeric(12,2) holds: an order whose total does not fit is refused rather than failing in the database. */
const MAX_TOTAL_CENTS = 10 ** 12 - 1;

/** cents (an integer) as an exact numeric in euro, computed by PostgreSQL: no binary fraction in between */
const euro = (cents: number) => sql`(${cents}::bigint / 100.0)::numeric(12, 2)`;
const centsOf = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const euroOf = (cents: number | null) => (cents === null ? null : cents / 100);

export class ServiceProductOrderService {
  constructor(private readonly deps: ServiceProductOrderDeps) {}

  /**
   * Places an order: each row's product must be orderable now, and its code, name and price are taken from
   * the catalogue at this moment (whatever the request says). Row and order totals are computed in whole
   * cents. The order, its rows, the confirmation to the orderer, the provider's notification and the audit
   * row are written in one transaction.
   */
  async add({ tx, claims, audit, mail }: UnitOfWork, input: NewServiceProductOrder): Promise<{ serviceProductOrderId: number }> {
    const submitter = await readSubmitter(tx, claims);
    const ids = input.orderRows.map((row) => row.serviceProductId);
    const found = await tx.execute<{ id: number; article_code: string; name: string; price_cents: string | null }>(sql`
      select id, article_code, name, (price * 100)::bigint as price_cents
      from service_products where id = any(${sql.param(ids)}::int[]) and is_active`);
    const products = new Map(found.rows.map((p) => [Number(p.id), p]));

    const errors: Record<string, string[]> = {};
    input.orderRows.forEach((row, index) => {
      if (!products.has(row.serviceProductId)) errors[`orderRows.${index}.serviceProductId`] = [validation.serviceProductUnavailable];
    });
    if (Object.keys(errors).length) throw fieldErrors(errors);

    const lines: (OrderedLine & { serviceProductId: number })[] = input.orderRows.map((row) => {
      const product = products.get(row.serviceProductId)!;
      const priceCents = centsOf(product.price_cents);
      return {
        serviceProductId: row.serviceProductId,
        articleCode: product.article_code,
        name: product.name,
        amount: row.amount,
        priceCents,
        rowTotalCents: priceCents === null ? null : priceCents * row.amount,
      };
    });
    const totalCents = lines.reduce((sum, line) => sum + (line.rowTotalCents ?? 0), 0);
    if (totalCents > MAX_TOTAL_CENTS) throw badRequest(validation.invalidValue, { orderRows: [validation.invalidValue] });

    const [order] = await tx
      .insert(serviceProductOrders)
      .values({
        customerId: claims.customerId,
        accountId: claims.accountId,
        requesterName: submitter.fullName,
        requesterEmail: submitter.emailAddress,
        status: 'New',
        totalPrice: euro(totalCents),
      })
      .returning({ id: serviceProductOrders.id, createdAt: serviceProductOrders.createdAt });
    if (!order) throw new Error('order not stored');
    await tx.insert(serviceProductOrderRows).values(
      lines.map((line, index) => ({
        customerId: claims.customerId,
        orderId: order.id,
        lineNo: index + 1,
        serviceProductId: line.serviceProductId,
        articleCode: line.articleCode,
        name: line.name,
        amount: line.amount,
        price: line.priceCents === null ? null : euro(line.priceCents),
        rowTotalPrice: line.rowTotalCents === null ? null : euro(line.rowTotalCents),
      })),
    );

    await recordServiceOrderCreated(tx, claims.customerId, order.id);

    const placed = {
      orderId: order.id,
      createdAt: order.createdAt,
      clientName: submitter.clientName,
      clientCode: submitter.clientCode,
      requesterFirstName: submitter.firstName,
      requesterName: submitter.fullName,
      requesterEmail: submitter.emailAddress,
      lines,
      totalCents,
    };
    await mail(orderConfirmationMail(placed));
    await mail(orderNotificationMail(placed, this.deps.serviceMailAddress, this.deps.publicUrl));
    await audit({
      action: 'ServiceProductOrderAdd',
      objectType: 'ServiceProductOrder',
      objectId: String(order.id),
      details: { rows: lines.length, totalCents },
    });
    return { serviceProductOrderId: order.id };
  }

  async getById({ tx, claims }: TenantReading, orderId: number): Promise<ServiceProductOrder> {
    const orders = await tx.execute<{
      id: number;
      requester_name: string;
      requester_email: string;
      status: string;
      account_id: number | null;
      created_at: Date | string;
      total_cents: string;
    }>(sql`
      select id, requester_name, requester_email, status, account_id, created_at, (total_price * 100)::bigint as total_cents
      from service_product_orders where client_id = ${claims.customerId} and id = ${orderId}`);
    const order = orders.rows[0];
    if (!order) throw notFound();
    const rows = await tx.execute<{
      service_product_id: number;
      article_code: string;
      name: string;
      amount: number;
      price_cents: string | null;
      row_total_cents: string | null;
    }>(sql`
      select service_product_id, article_code, name, amount,
             (price * 100)::bigint as price_cents, (row_total_price * 100)::bigint as row_total_cents
      from service_product_order_rows where client_id = ${claims.customerId} and order_id = ${orderId}
      order by line_no`);
    return {
      serviceProductOrderId: Number(order.id),
      requesterName: order.requester_name,
      requesterEmail: order.requester_email,
      status: order.status,
      createdByPharmacistAccountId: order.account_id === null ? null : Number(order.account_id),
      createdByPharmacistEmailAddress: order.requester_email,
      createDate: new Date(order.created_at).toISOString(),
      orderTotalPrice: Number(order.total_cents) / 100,
      orderRows: rows.rows.map((row) => ({
        serviceProductId: Number(row.service_product_id),
        serviceProductArticleCode: row.article_code,
        serviceProductName: row.name,
        amount: Number(row.amount),
        price: euroOf(centsOf(row.price_cents)),
        rowTotalPrice: euroOf(centsOf(row.row_total_cents)),
      })),
    };
  }

  async table(
    { tx, claims }: TenantReading,
    request: TableRequest<ServiceProductOrderTableColumn>,
  ): Promise<TableResponse<ServiceProductOrderListRow>> {
    return queryTable(tx, serviceProductOrderTable, claims.customerId, request);
  }
}
