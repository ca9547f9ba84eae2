import { describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { mailOutbox } from '../db/schema.js';
import { createTestContext } from '../test/harness.js';
import { outboxSender, quietLog, useTestSmtp } from '../test/smtp.js';
import { useOpened } from '../test/use-opened.js';
import { enqueueMail } from './mail.js';

/** hold a mail to an address with this marker until the test lets it go (a send in flight) */
let holdMarker: string | null = null;
let releaseHeld: () => void = () => undefined;
let heldArrived: () => void = () => undefined;
let refusing = false;

const opened = useOpened(async () => ({ ctx: await createTestContext() }));
const smtp = useTestSmtp((raw, accept, refuse) => {
  if (refusing) return refuse(new Error('mailbox unavailable'));
  if (holdMarker && raw.includes(holdMarker)) {
    heldArrived();
    releaseHeld = accept;
    return;
  }
  accept();
});
const received = smtp.received;

describe('the mail outbox', () => {
  it('sends a queued mail over SMTP once and marks it sent', async () => {
    await enqueueMail(opened.ctx.database.db, { to: 'outbox-1@portal.test', subject: 'Proef', text: 'Hallo apotheek' });
    const sender = smtp.senderTo(opened.ctx);
    expect(await sender.drain()).toBeGreaterThanOrEqual(1);
    expect(received.some((raw) => raw.includes('outbox-1@portal.test') && raw.includes('Hallo apotheek'))).toBe(true);
    const [row] = await opened.ctx.database.ownerDb.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'outbox-1@portal.test'));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(await sender.drain()).toBe(0);
    await sender.stop();
  });

  it('keeps a mail the SMTP server refuses, for a later attempt', async () => {
    refusing = true;
    await enqueueMail(opened.ctx.database.db, { to: 'outbox-2@portal.test', subject: 'Proef', text: 'Tweede' });
    const sender = smtp.senderTo(opened.ctx);
    await sender.drain();
    refusing = false;
    const [row] = await opened.ctx.database.ownerDb.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'outbox-2@portal.test'));
    expect(row?.sentAt).toBeNull();
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toMatch(/mailbox unavailable/);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: the next drain leaves it alone.
    expect(await sender.drain()).toBe(0);
    await opened.ctx.database.ownerDb.update(mailOutbox).set({ nextAttemptAt: new Date(0) }).where(eq(mailOutbox.id, row!.id));
    expect(await sender.drain()).toBe(1);
    await sender.stop();
  });

  it('writes who, what and the size to the log when no SMTP server is configured, not the body', async () => {
    const logged: unknown[] = [];
    await enqueueMail(opened.ctx.database.db, { to: 'outbox-3@portal.test', subject: 'Logboek', text: 'Derde: https://portal.test/reset?token=geheim' });
    const sender = outboxSender(opened.ctx, { log: { ...quietLog, info: (obj: unknown) => logged.push(obj) } });
    await sender.drain();
    const line = JSON.stringify(logged);
    expect(line).toContain('outbox-3@portal.test');
    expect(line).toContain('Logboek');
    expect(line).toMatch(/"bytes":\d+/);
    expect(line).not.toContain('geheim');
    await sender.stop();
  });

  it('writes the whole mail to the log only when LOG_MAIL_BODIES asks for it', async () => {
    const logged: unknown[] = [];
    await enqueueMail(opened.ctx.database.db, { to: 'outbox-4@portal.test', subject: 'Logboek', text: 'Vierde: patiënt J. Jansen' });
    const sender = outboxSender(opened.ctx, { logBodies: true, log: { ...quietLog, info: (obj: unknown) => logged.push(obj) } });
    await sender.drain();
    expect(JSON.stringify(logged)).toContain('Vierde: patiënt J. Jansen');
    await sender.stop();
  });

  it('marks each mail sent on its own: while one is in flight, those before it are already marked sent', async () => {
    const to = (n: number) => `batch-${n}@portal.test`;
    for (let n = 1; n <= 5; n += 1) await enqueueMail(opened.ctx.database.db, { to: to(n), subject: 'Reeks', text: `Mail ${n}` });
    holdMarker = to(3);
    const arrived = new Promise<void>((resolve) => (heldArrived = resolve));
    const sender = smtp.senderTo(opened.ctx);
    const draining = sender.drain();
    await arrived;
    // A crash now would send mail 3 again, and only mail 3: 1 and 2 are marked sent for every other reader.
    const state = async () => {
      const rows = await opened.ctx.database.ownerDb.select().from(mailOutbox).where(like(mailOutbox.toAddress, 'batch-%'));
      return Object.fromEntries(rows.map((r) => [r.toAddress, r.sentAt ? 'sent' : 'due']));
    };
    expect(await state()).toEqual({ [to(1)]: 'sent', [to(2)]: 'sent', [to(3)]: 'due', [to(4)]: 'due', [to(5)]: 'due' });
    holdMarker = null;
    releaseHeld();
    expect(await draining).toBe(5);
    expect(Object.values(await state())).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    await sender.stop();
  });

  it('gives every mail a Message-ID of its own that stays the same when it is sent again', async () => {
    await enqueueMail(opened.ctx.database.db, { to: 'again@portal.test', subject: 'Nogmaals', text: 'Zelfde mail' });
    const sender = smtp.senderTo(opened.ctx);
    await sender.drain();
    // As after a crash between sending and marking: the row is due again.
    await opened.ctx.database.ownerDb.update(mailOutbox).set({ sentAt: null }).where(eq(mailOutbox.toAddress, 'again@portal.test'));
    await sender.drain();
    const ids = received.filter((raw) => raw.includes('again@portal.test')).map((raw) => /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim());
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^<outbox-\d+@portal\.test>$/);
    expect(ids[1]).toBe(ids[0]);
    const others = received.filter((raw) => raw.includes('outbox-1@portal.test')).map((raw) => /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim());
    expect(others[0]).not.toBe(ids[0]);
    await sender.stop();
  });
});
