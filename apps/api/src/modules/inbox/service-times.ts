import { sql } from 'drizzle-orm';
import { defaultServiceHours, inboxKinds, type InboxKind, type ServiceTimes } from '@portal/contract';
import type { StaffUnitOfWork } from '../backoffice/staff-work.js';

/**
 * The service time per kind of item (issue 30.5), in hours from receipt: the Beheerder's where set, else the
 * contract's default. The inbox's due moments read the same table (inbox.table.ts).
 */

export async function readServiceTimes({ tx }: Pick<StaffUnitOfWork, 'tx'>): Promise<ServiceTimes> {
  const result = await tx.execute<{ kind: string; hours: number }>(sql`select kind, hours from inbox_service_times`);
  const set = new Map(result.rows.map((r) => [r.kind, Number(r.hours)]));
  return inboxKinds.map((kind) => ({ kind, hours: set.get(kind) ?? defaultServiceHours[kind], defaultHours: defaultServiceHours[kind] }));
}

/** Each change audited with the hours before and after; a kind set to its default keeps no row. */
export async function saveServiceTimes(work: StaffUnitOfWork, body: { times: { kind: InboxKind; hours: number }[] }): Promise<ServiceTimes> {
  const before = new Map((await readServiceTimes(work)).map((t) => [t.kind, t.hours]));
  for (const { kind, hours } of body.times) {
    if (before.get(kind) === hours) continue;
    if (hours === defaultServiceHours[kind]) {
      await work.tx.execute(sql`delete from inbox_service_times where kind = ${kind}`);
    } else {
      await work.tx.execute(sql`
        insert into inbox_service_times (kind, hours, updated_by) values (${kind}, ${hours}, ${work.principal.staff.id})
        on conflict (kind) do update set hours = excluded.hours, updated_at = now(), updated_by = excluded.updated_by`);
    }
    await work.audit({ action: 'Backoffice.ServiceTimeSave', objectType: 'ServiceTime', objectId: kind, details: { from: before.get(kind), to: hours } });
  }
  return readServiceTimes(work);
}
