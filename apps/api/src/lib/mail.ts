import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import type { Tx } from '../db/tenancy.js';
import { mailOutbox, type MailAttachment } from '../db/schema.js';
import { PeriodicJob } from './periodic-job.js';
import { SpanKind } from '@opentelemetry/api';
import { noteMailDelivery } from './observability/signals.js';
import { currentTraceparent, inSpan } from './observability/tracing.js';

export type { MailAttachment };

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** where a reply goes (an inbox item's reply address), when not to the sender */
  replyTo?: string | null;
}

/** Header values come from stored data; a line break in them must never start a new header. */
export const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The transactions that put mail in the outbox: once one commits, the sender is woken (see lib/unit-of-work.ts). */
const withMail = new WeakSet<Db>();

/** Whether this transaction put mail in the outbox, whoever queued it (a service of another module included). */
export const queuedMailIn = (tx: Db | Tx): boolean => withMail.has(tx);

/** Puts a mail in the outbox, in the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueMail(db: Db | Tx, mail: OutgoingMail): Promise<void> {
  withMail.add(db);
  await db.insert(mailOutbox).values({
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    attachments: mail.attachments ?? null,
    replyTo: mail.replyTo ?? null,
    traceparent: currentTraceparent(),
  });
}

interface Log {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** After this many failed sends a mail is given up (kept, unsent, until the retention removes it). */
export const MAX_ATTEMPTS = 10;

/**
 * Sends what the outbox holds: over SMTP when configured, else into the log. Rows are claimed with
 * SKIP LOCKED, so any number of API processes can run a sender side by side; a failed send is retried with
 * a growing delay.
 */
export class OutboxSender {
  private readonly transport: Transporter | null;
  private readonly job: PeriodicJob;

  constructor(
    private readonly db: Db,
    private readonly options: {
      smtpUrl?: string;
      from: string;
      intervalMs: number;
      log: Log;
      /** LOG_MAIL_BODIES: write whole mails to the log when there is no SMTP server */
      logBodies?: boolean;
    },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
    this.messageIdDomain = /@([^>\s]+)/.exec(options.from)?.[1] ?? 'mijnspits.local';
    this.job = new PeriodicJob(
      async () => {
        await this.drain();
      },
      {
        name: 'mail-outbox',
        intervalMs: options.intervalMs,
        onError: (error) => options.log.error({ err: error }, 'mail outbox: drain failed'),
      },
    );
  }

  private readonly messageIdDomain: string;

  start(): void {
    this.job.start();
  }

  /** Send soon, without waiting for the next poll: called after a transaction that enqueued mail. */
  kick(): void {
    this.job.kick();
  }

  async stop(): Promise<void> {
    await this.job.stop();
    this.transport?.close();
  }

  /**
   * Sends every due mail; answers how many were sent. One mail per transaction: a mail is marked sent the
   * moment it has gone, so a crash while sending re-sends at most the one mail in flight (and that repeat
   * carries the same Message-ID, so a receiving desk can recognise it).
   */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const outcome = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(mailOutbox)
          .where(sql`${mailOutbox.sentAt} is null and ${mailOutbox.nextAttemptAt} <= now() and ${mailOutbox.attempts} < ${MAX_ATTEMPTS}`)
          .orderBy(mailOutbox.id)
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return 'empty' as const;
        try {
          await inSpan('mail send', { traceparent: row.traceparent, kind: SpanKind.CLIENT, attributes: { 'portal.mail_id': row.id } }, () => this.deliver(row));
          noteMailDelivery('delivered');
          await tx.update(mailOutbox).set({ sentAt: new Date(), attempts: row.attempts + 1, lastError: null }).where(sql`${mailOutbox.id} = ${row.id}`);
          return 'sent' as const;
        } catch (error) {
          noteMailDelivery('failed');
          const attempts = row.attempts + 1;
          const delaySeconds = Math.min(3600, 2 ** attempts * 5);
          this.options.log.warn({ err: error, mailId: row.id, attempts }, 'mail outbox: send failed');
          await tx
            .update(mailOutbox)
            .set({
              attempts,
              lastError: String((error as Error).message ?? error).slice(0, 500),
              nextAttemptAt: new Date(Date.now() + delaySeconds * 1000),
            })
            .where(sql`${mailOutbox.id} = ${row.id}`);
          return 'failed' as const;
        }
      });
      if (outcome === 'empty') return sent;
      if (outcome === 'sent') sent += 1;
    }
  }

  /** Stable per outbox row: the same mail sent twice (after a crash) has the same Message-ID. */
  messageId(rowId: number | bigint): string {
    return `<outbox-${rowId}@${this.messageIdDomain}>`;
  }

  private async deliver(row: typeof mailOutbox.$inferSelect): Promise<void> {
    if (!this.transport) {
      // Mails carry reset and activation links: the log gets who, what and the size unless asked for more.
      const size = Buffer.byteLength(row.textBody) + Buffer.byteLength(row.htmlBody ?? '');
      const mail = { id: row.id, messageId: this.messageId(row.id), to: row.toAddress, subject: row.subject, bytes: size };
      this.options.log.info(
        this.options.logBodies ? { mail: { ...mail, text: row.textBody } } : { mail },
        'mail (no SMTP_URL configured: written to the log instead of sent)',
      );
      return;
    }
    await this.transport.sendMail({
      from: this.options.from,
      to: row.toAddress,
      subject: row.subject,
      messageId: this.messageId(row.id),
      text: row.textBody,
      html: row.htmlBody ?? undefined,
      replyTo: row.replyTo ?? undefined,
      attachments: await Promise.all((row.attachments ?? []).map((a) => this.attachment(a))),
    });
  }

  /** The sender runs as the owner: it reads an upload of any customer, but only the one the mail names. */
  private async attachment(a: MailAttachment) {
    if ('contentBase64' in a) {
      return { filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') };
    }
    const result = await this.db.execute<{ content: Buffer }>(
      sql`select content from uploaded_files where client_id = ${a.file.customerId} and id = ${a.file.fileGuid}`,
    );
    const content = result.rows[0]?.content;
    // Removed since (its submission was deleted): the mail goes without it rather than never.
    if (!content) {
      return { filename: `${a.filename}.ontbreekt.txt`, contentType: 'text/plain', content: 'Dit bestand is verwijderd.' };
    }
    return { filename: a.filename, contentType: a.contentType, content };
  }
}
