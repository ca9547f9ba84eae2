import { sql } from 'drizzle-orm';
import { submissionReference, type ContactDetails, type FaqItem, type Memo, type SubmissionReceipt } from '@portal/contract';
import type { Db } from '../../db/database.js';
import type { UnitOfWork } from '../../lib/unit-of-work.js';
import { patientsNamedIn, readSubmitter, storeSubmission } from '../request-forms/submissions.service.js';
import { nonFaqQuestionMail } from './content.mails.js';

export const NON_FAQ_QUESTION_KIND = 'NonFaqQuestion';

/** The key of the provider's contact text in content_blocks. */
const CONTACT_DETAILS_KEY = 'contactDetails';

export interface ContentDeps {
  db: Db;
  /** where questions that the FAQ does not answer are sent */
  serviceMailAddress: string;
  /** the portal's address, for the mail's link to the question in the back-office */
  publicUrl: string;
}

/**
 * The provider's content (memos, FAQ, contact text) and the question box beside the FAQ. The content is the
 * same for every customer: no tenant transaction is needed to read it.
 */
export class ContentService {
  constructor(private readonly deps: ContentDeps) {}

  /** The memos shown now to `customerId`: within their period, and addressed to every customer or to this one. */
  async activeMemos(customerId: string): Promise<Memo[]> {
    const result = await this.deps.db.execute<{ id: number; title: string; text: string }>(sql`
      select id, title, text from memos
      where active_from <= now() and (active_until is null or active_until > now())
        and (client_ids is null or ${customerId}::uuid = any(client_ids))
      order by active_from desc, id desc`);
    return result.rows.map((r) => ({ memoId: r.id, title: r.title, text: r.text }));
  }

  async faqItems(): Promise<FaqItem[]> {
    const result = await this.deps.db.execute<{ id: number; title: string; content_html: string }>(
      sql`select id, title, content_html from faq_items where is_published order by sort_order, id`,
    );
    return result.rows.map((r) => ({ faqItemId: r.id, title: r.title, content: r.content_html }));
  }

  async contactDetails(): Promise<ContactDetails> {
    const result = await this.deps.db.execute<{ body: string }>(sql`select body from content_blocks where key = ${CONTACT_DETAILS_KEY}`);
    // Not written yet by the provider: the screen shows nothing rather than an error.
    return { text: result.rows[0]?.body ?? '' };
  }

  /**
   * Stores a question that the FAQ does not answer as a submission for the provider and puts its mail to the
   * service address in the outbox, in the request's one transaction: the question is never stored without its
   * mail, nor mailed without being stored.
   */
  async askNonFaqQuestion(work: UnitOfWork, question: string): Promise<SubmissionReceipt> {
    const asker = await readSubmitter(work.tx, work.claims);
    const { submissionId, createdAt } = await storeSubmission(work, asker, NON_FAQ_QUESTION_KIND, { question });
    const reference = submissionReference(NON_FAQ_QUESTION_KIND, submissionId, createdAt);
    await work.mail(
      nonFaqQuestionMail({
        to: this.deps.serviceMailAddress,
        submissionId,
        reference,
        publicUrl: this.deps.publicUrl,
        receivedAt: createdAt,
        clientName: asker.clientName,
        clientCode: asker.clientCode,
        askerName: asker.fullName,
        askerEmailAddress: asker.emailAddress,
      }),
    );
    const patientIds = await patientsNamedIn(work.tx, work.claims.customerId, [question]);
    await work.audit({
      action: 'FormSubmission',
      objectType: 'FormSubmission',
      objectId: String(submissionId),
      patientIds: patientIds.length ? patientIds : null,
      details: { kind: NON_FAQ_QUESTION_KIND },
    });
    return { submissionId, reference };
  }
}
