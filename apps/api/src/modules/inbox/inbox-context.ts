import { sql } from 'drizzle-orm';
import {
  backofficeCustomerCalls,
  contextOpenItemsShown,
  contextRecentOrders,
  openInboxStatuses,
  type InboxCustomerContext,
  type InboxItemKind,
} from '@portal/contract';
import type { StaffUnitOfWork } from '../backoffice/staff-work.js';
import { findItem, inboxItems, mayHandle, personName, visibleTo } from './inbox-items.js';

const instant = (value: Date | string) => new Date(value).toISOString();

/**
 * The customer beside an item (issue 30.7), for whoever may open the item: its other open items, its newest
 * service orders, its contact details and its administrators. The item is looked up first, so a role only learns
 * about a customer through an item it may see; everything after is that one customer's. What a role may see is
 * narrowed here as the policies of portal_staff narrow it (Kwaliteit: imperfection reports, no orders, no
 * accounts), so that the answer says "not for you" rather than "none". Audited as a read of the customer.
 */
export async function readCustomerContext(work: StaffUnitOfWork, itemKind: InboxItemKind, id: number): Promise<InboxCustomerContext> {
  const { tx, principal } = work;
  const item = await findItem(tx, principal.role, itemKind, id);
  const customerId = item.customerId;

  const client = await tx.execute<{ id: string; client_code: string; name: string; kind: string; address: string | null; postal_code: string | null; city: string | null; active: boolean }>(sql`
    select id, client_code, name, kind, address, postal_code, city, deactivated_at is null as active from clients where id = ${customerId}`);
  // Only reference, kind, status and age: what an item is about stays on its own page, where reading it is audited.
  const open = await tx.execute<{ item_kind: InboxItemKind; id: number; kind: string; status: string; created_at: Date | string; age_days: number; total: number }>(sql`
    select i.item_kind, i.id, i.kind, i.status, i.created_at,
           (now() at time zone 'Europe/Amsterdam')::date - (i.created_at at time zone 'Europe/Amsterdam')::date as age_days,
           count(*) over () as total
    from ${inboxItems} i
    where i.client_id = ${customerId} and i.status = any(${sql.param([...openInboxStatuses])}::text[])
      and not (i.item_kind = ${itemKind} and i.id = ${id}) and ${visibleTo(principal.role)}
    order by i.created_at, i.id
    limit ${contextOpenItemsShown}`);
  const orders = mayHandle(principal.role, 'ServiceOrder', 'ServiceOrder')
    ? await tx.execute<{ id: number; status: string; created_at: Date | string; total_cents: string }>(sql`
        select id, status, created_at, (total_price * 100)::bigint as total_cents from service_product_orders
        where client_id = ${customerId} order by created_at desc, id desc limit ${contextRecentOrders}`)
    : null;
  const administrators = backofficeCustomerCalls.get.roles.includes(principal.role)
    ? await tx.execute<{ name: string; email_address: string; is_active: boolean }>(sql`
        select ${personName('a')} as name, a.email_address, a.is_active from accounts a
        where a.client_id = ${customerId} and a.pharmacist_type = 'Administrator'
        order by a.last_name collate portal_sort, a.first_name collate portal_sort, a.id`)
    : null;

  await work.audit({ action: 'Backoffice.InboxContextRead', customerId, objectType: 'Customer', objectId: customerId });
  const c = client.rows[0]!;
  return {
    customer: { id: c.id, clientCode: c.client_code, name: c.name, kind: c.kind, address: c.address, postalCode: c.postal_code, city: c.city, isActive: c.active },
    openItems: open.rows.map((r) => ({
      itemKind: r.item_kind,
      id: Number(r.id),
      kind: r.kind,
      status: r.status,
      receivedAt: instant(r.created_at),
      ageDays: Number(r.age_days),
    })),
    openItemCount: Number(open.rows[0]?.total ?? 0),
    recentOrders:
      orders?.rows.map((o) => ({ id: Number(o.id), status: o.status, receivedAt: instant(o.created_at), totalPrice: Number(o.total_cents) / 100 })) ?? null,
    administrators: administrators?.rows.map((a) => ({ name: a.name, emailAddress: a.email_address, isActive: a.is_active })) ?? null,
  };
}
