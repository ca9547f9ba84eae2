import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { enqueueMail, OutboxSender } from './mail.js';

let ctx: TestContext;
let smtp: SMTPServer;
let port: number;
let refuse = false;
const received: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuse) return callback(new Error('mailbox unavailable'));
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await ctx?.close();
});

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('the mail outbox', () => {
  it('sends a queued mail over SMTP once and marks it sent', async () => {
    await enqueueMail(ctx.database.db, { to: 'outbox-1@portal.test', subject: 'Proef', text: 'Hallo apotheek' });
    const sender = new OutboxSender(ctx.database.ownerDb, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Mijn Spits <noreply@portal.test>',
      intervalMs: 60_000,
      log: quiet,
    });
    expect(await sender.drain()).toBeGreaterThanOrEqual(1);
    expect(received.some((raw) => raw.includes('outbox-1@portal.test') && raw.includes('Hallo apotheek'))).toBe(true);
    const [row] = await ctx.database.ownerDb.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'outbox-1@portal.test'));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(await sender.drain()).toBe(0);
    await sender.stop();
  });

  it('keeps a mail the SMTP server refuses, for a later attempt', async () => {
    refuse = true;
    await enqueueMail(ctx.database.db, { to: 'outbox-2@portal.test', subject: 'Proef', text: 'Tweede' });
    const sender = new OutboxSender(ctx.database.ownerDb, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Mijn Spits <noreply@portal.test>',
      intervalMs: 60_000,
      log: quiet,
    });
    await sender.drain();
    refuse = false;
    const [row] = await ctx.database.ownerDb.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'outbox-2@portal.test'));
    expect(row?.sentAt).toBeNull();
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toMatch(/mailbox unavailable/);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: the next drain leaves it alone.
    expect(await sender.drain()).toBe(0);
    await ctx.database.ownerDb.update(mailOutbox).set({ nextAttemptAt: new Date(0) }).where(eq(mailOutbox.id, row!.id));
    expect(await sender.drain()).toBe(1);
    await sender.stop();
  });

  it('writes mail to the log when no SMTP server is configured', async () => {
    const logged: unknown[] = [];
    await enqueueMail(ctx.database.db, { to: 'outbox-3@portal.test', subject: 'Logboek', text: 'Derde' });
    const sender = new OutboxSender(ctx.database.ownerDb, {
      from: 'Mijn Spits <noreply@portal.test>',
      intervalMs: 60_000,
      log: { ...quiet, info: (obj: unknown) => logged.push(obj) },
    });
    await sender.drain();
    expect(JSON.stringify(logged)).toContain('outbox-3@portal.test');
    await sender.stop();
  });
});
