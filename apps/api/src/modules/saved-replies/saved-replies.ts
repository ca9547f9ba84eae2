import { asc, eq, sql } from 'drizzle-orm';
import { backofficeSavedReplyCalls as calls, savedReplyText, type InboxKind, type SaveSavedReply, type SavedReply } from '@portal/contract';
import { savedReplies } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/database-faults.js';
import { fieldError, notFound } from '../../lib/problems.js';
import type { BackofficeDoor } from '../../doors/backoffice.js';
import type { StaffUnitOfWork } from '../backoffice/staff-work.js';

/**
 * Saved replies (issue 30.4): every staff role that answers reads them, the Beheerder keeps them (the contract
 * names who may make which call). The provider's own words, no customer data: the placeholders are filled in the
 * answer form from the item shown.
 */
export function registerSavedReplies(door: BackofficeDoor): void {
  door.call(calls.list, (work) => listSavedReplies(work));
  door.call(calls.save, ({ body, ...work }) => saveSavedReply(work, body));
  door.call(calls.delete, ({ body, ...work }) => deleteSavedReply(work, body.id));
}

async function listSavedReplies({ tx }: Pick<StaffUnitOfWork, 'tx'>): Promise<SavedReply[]> {
  const rows = await tx.select().from(savedReplies).orderBy(asc(sql`lower(${savedReplies.name})`), asc(savedReplies.id));
  return rows.map((r) => ({ id: r.id, name: r.name, kinds: (r.kinds as InboxKind[] | null) ?? null, subject: r.subject, text: r.text }));
}

async function saveSavedReply(work: StaffUnitOfWork, input: SaveSavedReply): Promise<{ id: number }> {
  const values = {
    name: input.name,
    // kept in the contract's order, once each, so that the list reads the same whoever ticked them
    kinds: input.kinds ? [...new Set(input.kinds)] : null,
    subject: input.subject,
    text: input.text,
    updatedAt: new Date(),
    updatedBy: work.principal.staff.id,
  };
  let row: { id: number } | undefined;
  try {
    [row] = input.id
      ? await work.tx.update(savedReplies).set(values).where(eq(savedReplies.id, input.id)).returning({ id: savedReplies.id })
      : await work.tx.insert(savedReplies).values(values).returning({ id: savedReplies.id });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name', savedReplyText.nameInUse);
    throw error;
  }
  if (!row) throw notFound();
  await work.audit({ action: 'Backoffice.SavedReplySave', objectType: 'SavedReply', objectId: String(row.id), objectReference: input.name, details: { name: input.name, kinds: values.kinds ?? 'all' } });
  return row;
}

async function deleteSavedReply(work: StaffUnitOfWork, id: number): Promise<void> {
  const [row] = await work.tx.delete(savedReplies).where(eq(savedReplies.id, id)).returning({ id: savedReplies.id, name: savedReplies.name });
  if (!row) throw notFound();
  await work.audit({ action: 'Backoffice.SavedReplyDelete', objectType: 'SavedReply', objectId: String(id), objectReference: row.name, details: { name: row.name } });
}
