import type { Db } from '../../db/database.js';
import { withTenant } from '../../db/tenancy.js';
import { formSubmissions } from '../../db/schema.js';
import { writeAudit } from '../../lib/audit.js';
import type { AccessClaims } from '../../lib/crypto.js';
import { enqueueMail } from '../../lib/mail.js';
import { readSubmitter } from '../../lib/submissions.js';
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
    const row = await readSubmitter(tx, claims);

    const [submission] = await tx
      .insert(formSubmissions)
      .values({
        clientId: claims.clientId,
        accountId: claims.accountId,
        submitterName: row.fullName,
        submitterEmail: row.emailAddress,
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
        clientName: row.clientName,
        clientCode: row.clientCode,
        askerName: row.fullName,
        askerEmailAddress: row.emailAddress,
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
