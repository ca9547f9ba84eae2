import { sql } from 'drizzle-orm';
import { inboxViewsText, maxInboxViews, type InboxView } from '@portal/contract';
import { fieldError, notFound } from '../../lib/problems.js';
import type { StaffUnitOfWork } from '../backoffice/staff-work.js';

/**
 * A staff member's named views of the inbox (issue 30.5): the address parameters of its filters, sort and search
 * under a name. Every statement names the caller; the table's policy holds it to them as well.
 */

export async function listViews({ tx, principal }: StaffUnitOfWork): Promise<InboxView[]> {
  const result = await tx.execute<{ id: number; name: string; query: string }>(sql`
    select id, name, query from inbox_views where staff_id = ${principal.staff.id} order by name collate portal_sort, id`);
  return result.rows.map((r) => ({ id: Number(r.id), name: r.name, query: r.query }));
}

/** Kept under its name; a name the caller used before (in any case) is that view, replaced. */
export async function saveView({ tx, principal }: StaffUnitOfWork, body: { name: string; query: string }): Promise<InboxView> {
  const staffId = principal.staff.id;
  const query = body.query.replace(/^\?/, '');
  const existing = await tx.execute<{ count: number; same: number }>(sql`
    select count(*)::int as count, count(*) filter (where lower(name) = lower(${body.name}))::int as same
    from inbox_views where staff_id = ${staffId}`);
  const counts = existing.rows[0]!;
  if (Number(counts.same) === 0 && Number(counts.count) >= maxInboxViews) throw fieldError('name', inboxViewsText.tooMany);
  const result = await tx.execute<{ id: number; name: string; query: string }>(sql`
    insert into inbox_views (staff_id, name, query) values (${staffId}, ${body.name}, ${query})
    on conflict (staff_id, lower(name)) do update set name = excluded.name, query = excluded.query
    returning id, name, query`);
  const row = result.rows[0]!;
  return { id: Number(row.id), name: row.name, query: row.query };
}

/** Another's view, or none: 404, as if it did not exist. */
export async function removeView({ tx, principal }: StaffUnitOfWork, id: number): Promise<void> {
  const result = await tx.execute(sql`delete from inbox_views where id = ${id} and staff_id = ${principal.staff.id}`);
  if (!result.rowCount) throw notFound();
}
