import { afterAll, beforeAll } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { OutboxSender } from '../lib/mail.js';
import type { TestContext } from './harness.js';

type SenderOptions = ConstructorParameters<typeof OutboxSender>[1];

/** A log that keeps nothing, for senders whose log a test does not read. */
export const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The outbox sender as the app runs it, on the test database; without an `smtpUrl` it only writes to the log. */
export function outboxSender(ctx: TestContext, options: Partial<SenderOptions> = {}): OutboxSender {
  return new OutboxSender(ctx.database.ownerDb, {
    from: 'Mijn Spits <noreply@portal.test>',
    intervalMs: 60_000,
    log: quietLog,
    ...options,
  });
}

/** How the server answers one mail it received (the raw message): accept it, refuse it, or hold it for later. */
export type MailAnswer = (raw: string, accept: () => void, refuse: (error: Error) => void) => void;

/**
 * A local SMTP server for a test file (or a `describe` block), started in its `beforeAll` and closed in its
 * `afterAll`, that keeps every mail it accepts in `received`; `senderTo` sends the outbox to it.
 */
export function useTestSmtp(answer: MailAnswer = (_raw, accept) => accept()) {
  const received: string[] = [];
  let server: SMTPServer | undefined;
  beforeAll(async () => {
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const accept = () => {
            received.push(raw);
            callback();
          };
          answer(raw, accept, callback);
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    server = smtp;
  });
  afterAll(async () => {
    const smtp = server;
    if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  return {
    received,
    senderTo(ctx: TestContext, options: Partial<SenderOptions> = {}): OutboxSender {
      if (!server) throw new Error('the test SMTP server is used before the beforeAll that starts it has run');
      const { port } = server.server.address() as AddressInfo;
      return outboxSender(ctx, { smtpUrl: `smtp://127.0.0.1:${port}`, ...options });
    },
  };
}
