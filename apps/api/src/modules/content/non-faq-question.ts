import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { withTenant } from '../../db/tenancy.js';
import { formSubmissions } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import type { AccessClaims } from '../../lib/crypto.js';
import { enqueueMail } from '../../lib/mail.js';
import { notFound } from '../../lib/problems.js';
import { nonFaqQuestionMail } from './non-faq-question.mail.js';

export const NON_FAQ_QUESTION_KIND = 'NonFaqQuestion';

/**
 * Stores a question that the FAQ does not answer as a submission for the provider and puts its mail to the
 * service address in the outbox, in one transaction: the question is never stored without its mail, nor
 * mailed without being stored.
 */
export async function askNonFaqQuestion(
  db: Db,
  claims: AccessClaims,
  input: { question: string; address: string; serviceMailAddress: string },
): Promise<void> {
  await withTenant(db, claims.clientId, async (tx) => {
    const asker = await tx.execute<{
      first_name: string;
      middle_name: string | null;
      last_name: string;
      email_address: string;
      client_code: string;
      client_name: string;
    }>(sql`
      select a.first_name, a.middle_name, a.last_name, a.email_address, c.client_code, c.name as client_name
      from accounts a join clients c on c.id = a.client_id
      where a.client_id = ${claims.clientId} and a.id = ${claims.accountId}`);
    const row = asker.rows[0];
    // The guard checked the account a moment ago; only a removal in between gets here.
    if (!row) throw notFound();

    const [submission] = await tx
      .insert(formSubmissions)
      .values({
        clientId: claims.clientId,
        accountId: claims.accountId,
        kind: NON_FAQ_QUESTION_KIND,
        payload: { question: input.question },
        status: 'New',
      })
      .returning({ id: formSubmissions.id, createdAt: formSubmissions.createdAt });

    await enqueueMail(
      tx,
      nonFaqQuestionMail({
        to: input.serviceMailAddress,
        reference: submission!.id,
        receivedAt: submission!.createdAt,
        clientName: row.client_name,
        clientCode: row.client_code,
        askerName: [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(' '),
        askerEmailAddress: row.email_address,
        question: input.question,
      }),
    );
    await writeAudit(tx, {
      action: 'FormSubmission',
      outcome: 'Success',
      accountId: claims.accountId,
      clientId: claims.clientId,
      objectType: 'FormSubmission',
      objectId: String(submission!.id),
      address: input.address,
      details: { kind: NON_FAQ_QUESTION_KIND },
    });
  });
}
