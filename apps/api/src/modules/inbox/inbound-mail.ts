import { sql } from 'drizzle-orm';
import { simpleParser, type AddressObject } from 'mailparser';
import { maxThreadFiles, type InboxItemKind } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { uploadedFiles } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import { HttpProblem } from '../../lib/problems.js';
import type { TenantWork } from '../../lib/unit-of-work.js';
import { judgeUpload, type JudgedFile } from '../files/files.service.js';
import { receiveReply } from './inbox-replies.js';
import type { ReplyAddresses } from './reply-addresses.js';

/**
 * A customer's reply by mail (issue 30.3), from the SMTP listener or a hosted mail service's webhook: the reply
 * address names the item and carries its mac; the sender must be an active account of the item's customer; the
 * text above the quoted mail lands on the item, its files pass the upload rules. Anything else is refused with a
 * reason the sending server reports (and a row in the audit trail), and nothing of it is kept.
 */
export class InboundRefusal extends Error {
  constructor(
    /** the SMTP reply code: 550 for a refusal of this mail, 451 when the portal cannot take it now */
    readonly code: 550 | 451,
    message: string,
  ) {
    super(message);
  }
}

export interface InboundDeps {
  /** the owner's connection: finds the item and the sender's account before acting as that account */
  ownerDb: Db;
  tenantWork: TenantWork;
  addresses: ReplyAddresses;
  publicUrl: string;
}

const addressesIn = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((entry) => entry.address ?? ''));

/** The reply's own text: what stands above the first quoted line or "Op … schreef …:" header. */
export function replyTextOf(text: string): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const end = lines.findIndex(
    (line, index) =>
      /^>/.test(line) ||
      /^(Op|On) .+(schreef|wrote).*:\s*$/i.test(line) ||
      (/^(Op|On) /i.test(line) && /(schreef|wrote).*:\s*$/i.test(lines[index + 1] ?? '')) ||
      /^-{2,}\s*(Oorspronkelijk bericht|Original Message)/i.test(line) ||
      /^(Van|From): /.test(line),
  );
  return (end === -1 ? lines : lines.slice(0, end)).join('\n').trim();
}

export class InboundMail {
  constructor(private readonly deps: InboundDeps) {}

  /** Takes one mail (its raw bytes) addressed to `recipients` (the envelope's, or its headers' when none). */
  async receive(raw: Buffer, recipients: readonly string[], remoteAddress: string): Promise<{ itemKind: InboxItemKind; id: number }> {
    try {
      return await this.take(raw, recipients, remoteAddress);
    } catch (error) {
      if (error instanceof InboundRefusal && error.code === 550) {
        await writeAudit(this.deps.ownerDb, {
          action: 'InboundMail',
          outcome: 'Failure',
          address: remoteAddress,
          details: { reason: error.message, recipients: recipients.slice(0, 5) },
        });
      }
      throw error;
    }
  }

  private async take(raw: Buffer, envelope: readonly string[], remoteAddress: string) {
    const mail = await simpleParser(raw, { skipHtmlToText: false });
    const recipients = envelope.length ? envelope : [...addressesIn(mail.to), ...addressesIn(mail.cc)];
    const target = recipients.map((address) => this.deps.addresses.parse(address)).find((parsed) => parsed !== null);
    if (!target) throw new InboundRefusal(550, 'Geen antwoordadres van Mijn Spits');
    const table = sql.raw(target.itemKind === 'Submission' ? 'form_submissions' : 'service_product_orders');
    const owner = await this.deps.ownerDb.execute<{ client_id: string }>(sql`select client_id from ${table} where id = ${target.id}`);
    const customerId = owner.rows[0]?.client_id;
    if (!customerId || !this.deps.addresses.verify(target, customerId)) throw new InboundRefusal(550, 'Onbekend antwoordadres');

    const from = addressesIn(mail.from)[0]?.toLowerCase() ?? '';
    const sender = await this.deps.ownerDb.execute<{ id: number }>(sql`
      select id from accounts where client_id = ${customerId} and lower(email_address) = ${from} and is_active`);
    const accountId = sender.rows[0]?.id;
    if (accountId === undefined) throw new InboundRefusal(550, 'Afzender is geen actief account van deze klant');

    const text = replyTextOf(mail.text ?? '');
    const files: JudgedFile[] = [];
    const skipped: string[] = [];
    for (const attachment of mail.attachments.filter((a) => a.contentDisposition !== 'inline' || !a.related).slice(0, maxThreadFiles)) {
      try {
        files.push(await judgeUpload({ fileName: attachment.filename, bytes: attachment.content }, 'Attachment'));
      } catch (error) {
        if (!(error instanceof HttpProblem)) throw error;
        skipped.push(attachment.filename ?? 'bijlage');
      }
    }
    if (!text && files.length === 0) throw new InboundRefusal(550, 'De reactie is leeg');
    const note = skipped.length ? `\n\n[Niet opgenomen bijlage(n), van een soort die niet is toegestaan: ${skipped.join(', ')}]` : '';

    const actor = { claims: { accountId, customerId, isAdministrator: false, familyId: 'mail' }, address: remoteAddress };
    await this.deps.tenantWork.runAs(actor, async (work) => {
      const fileGuids: string[] = [];
      for (const file of files) {
        const [row] = await work.tx
          .insert(uploadedFiles)
          .values({ customerId, accountId, purpose: file.purpose, fileName: file.fileName, fileExtension: file.fileExtension, mediaType: file.mediaType, sizeBytes: file.content.length, sha256: file.sha256, content: file.content })
          .returning({ id: uploadedFiles.id });
        fileGuids.push(row!.id);
      }
      await receiveReply(work, { itemKind: target.itemKind, id: target.id, text: `${text}${note}`.trim() || '(bijlage)', fileGuids, via: 'mail' }, this.deps);
    });
    return { itemKind: target.itemKind, id: target.id };
  }
}
