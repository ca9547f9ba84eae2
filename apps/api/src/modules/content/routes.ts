import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { calls } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { authOf } from '../../lib/auth-guard.js';
import { registerCall } from '../../lib/http.js';
import { askNonFaqQuestion } from './non-faq-question.js';

/** The key of the provider's contact text in content_blocks. */
const CONTACT_DETAILS_KEY = 'contactDetails';

export interface ContentDeps {
  db: Db;
  /** where questions that the FAQ does not answer are sent */
  serviceMailAddress: string;
  mailQueued: () => void;
}

/** The provider's content (memos, FAQ, contact text) and the question box beside the FAQ. */
export function registerContentRoutes(app: FastifyInstance, deps: ContentDeps) {
  const { db } = deps;

  // The provider's content is the same for every customer: no tenant transaction is needed to read it.
  registerCall(app, calls.memo.getActiveMemos, async () => {
    const result = await db.execute<{ id: number; title: string; text: string }>(sql`
      select id, title, text from memos
      where active_from <= now() and (active_until is null or active_until > now())
      order by active_from desc, id desc`);
    return result.rows.map((r) => ({ memoId: r.id, title: r.title, text: r.text }));
  });

  registerCall(app, calls.faq.getFaqItems, async () => {
    const result = await db.execute<{ id: number; title: string; content_html: string }>(
      sql`select id, title, content_html from faq_items order by sort_order, id`,
    );
    return result.rows.map((r) => ({ faqItemId: r.id, title: r.title, content: r.content_html }));
  });

  registerCall(app, calls.contactDetails.get, async () => {
    const result = await db.execute<{ body: string }>(sql`select body from content_blocks where key = ${CONTACT_DETAILS_KEY}`);
    // Not written yet by the provider: the screen shows nothing rather than an error.
    return { text: result.rows[0]?.body ?? '' };
  });

  registerCall(app, calls.forms.askNonFaqQuestion, async ({ body, request }) => {
    await askNonFaqQuestion(db, authOf(request), {
      question: body.question,
      address: request.ip,
      serviceMailAddress: deps.serviceMailAddress,
    });
    deps.mailQueued();
  });
}
