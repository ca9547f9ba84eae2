import { sql } from 'drizzle-orm';
import { backofficeItemPath, inboxKindText, itemReference, type StaffRole } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { oneLine, type OutgoingMail } from '../../lib/mail.js';
import { mayHandle, type InboxItem } from './inbox-items.js';

/**
 * What the provider's staff are told by mail about the inbox (issue 30.6): an item given to them, a note that
 * mentions them. Never what the item or the note says (a mail carries no patient data): which item, by whom, and
 * the link to it.
 */

export interface Colleague {
  id: number;
  emailAddress: string;
  firstName: string;
  role: StaffRole;
}

async function describe(tx: Db, item: InboxItem, publicUrl: string) {
  const customer = await tx.execute<{ name: string; client_code: string }>(sql`select name, client_code from clients where id = ${item.customerId}`);
  const row = customer.rows[0];
  return {
    reference: itemReference({ ...item, receivedAt: item.createdAt }),
    what: inboxKindText(item.kind).toLowerCase(),
    customer: row ? `${row.name} (${row.client_code})` : '',
    link: `${publicUrl}${backofficeItemPath(item)}`,
  };
}

export async function assignedMail(tx: Db, item: InboxItem, to: Colleague, by: string | null, publicUrl: string): Promise<OutgoingMail> {
  const it = await describe(tx, item, publicUrl);
  return {
    to: to.emailAddress,
    subject: oneLine(`Aan u toegewezen: ${it.reference}`),
    text: [
      `Beste ${oneLine(to.firstName)},`,
      '',
      `${by ? `${oneLine(by)} heeft` : 'Er is'} de ${it.what} ${it.reference} van ${it.customer} aan u toegewezen.`,
      '',
      `Openen in Mijn Spits Beheer: ${it.link}`,
    ].join('\n'),
  };
}

export async function mentionedMail(tx: Db, item: InboxItem, to: Colleague, by: string | null, publicUrl: string): Promise<OutgoingMail> {
  const it = await describe(tx, item, publicUrl);
  return {
    to: to.emailAddress,
    subject: oneLine(`U bent genoemd in een notitie bij ${it.reference}`),
    text: [
      `Beste ${oneLine(to.firstName)},`,
      '',
      `${by ? oneLine(by) : 'Een collega'} noemde u in een notitie bij de ${it.what} ${it.reference} van ${it.customer}.`,
      '',
      `Lees de notitie in Mijn Spits Beheer: ${it.link}`,
    ].join('\n'),
  };
}

/**
 * The colleagues a note mentions: `@Voornaam`, or `@Voornaam Achternaam` where a first name is shared, among the
 * active staff who may see the item. An unknown or still ambiguous name mentions no one.
 */
export async function mentionsIn(tx: Db, text: string, item: InboxItem): Promise<Colleague[]> {
  const tokens = [...text.matchAll(/@([\p{L}][\p{L}'-]*)(?:\s+([\p{L}][\p{L}'-]*))?/gu)];
  if (!tokens.length) return [];
  const staff = await tx.execute<{ id: number; email_address: string; first_name: string; last_name: string; role: StaffRole }>(sql`
    select id, email_address, first_name, last_name, role from staff_accounts where is_active`);
  const found = new Map<number, Colleague>();
  const same = (a: string, b: string | undefined) => b !== undefined && a.localeCompare(b, 'nl', { sensitivity: 'base' }) === 0;
  for (const [, first, second] of tokens) {
    const byFirst = staff.rows.filter((s) => same(s.first_name, first));
    const chosen = byFirst.length > 1 ? byFirst.filter((s) => same(s.last_name, second)) : byFirst;
    if (chosen.length !== 1) continue;
    const [one] = chosen;
    if (mayHandle(one!.role, item.itemKind, item.kind)) {
      found.set(Number(one!.id), { id: Number(one!.id), emailAddress: one!.email_address, firstName: one!.first_name, role: one!.role });
    }
  }
  return [...found.values()];
}
