import type { FastifyInstance } from 'fastify';
import { calls } from '@portal/contract';
import { authOf } from '../../lib/auth-guard.js';
import { registerCall } from '../../lib/http.js';
import { ContentService, type ContentDeps } from './content.service.js';

/** The provider's content (memos, FAQ, contact text) and the question box beside the FAQ. */
export function registerContentRoutes(app: FastifyInstance, deps: ContentDeps) {
  const content = new ContentService(deps);
  registerCall(app, calls.memo.getActiveMemos, ({ request }) => content.activeMemos(authOf(request).clientId));
  registerCall(app, calls.faq.getFaqItems, () => content.faqItems());
  registerCall(app, calls.contactDetails.get, () => content.contactDetails());
  registerCall(app, calls.forms.askNonFaqQuestion, ({ body, ...work }) => content.askNonFaqQuestion(work, body.question), {
    tenant: true,
  });
}
