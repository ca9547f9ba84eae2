import { calls } from '@portal/contract';
import type { PortalDoor } from '../../doors/portal.js';
import { ContentService, type ContentDeps } from './content.service.js';

/** The provider's content (memos, FAQ, contact text) and the question box beside the FAQ. */
export function registerContentRoutes(portal: PortalDoor, deps: ContentDeps) {
  const content = new ContentService(deps);
  portal.admitted(calls.memo.getActiveMemos, ({ principal }) => content.activeMemos(principal.customerId));
  portal.admitted(calls.faq.getFaqItems, () => content.faqItems());
  portal.admitted(calls.contactDetails.get, () => content.contactDetails());
  portal.call(calls.forms.askNonFaqQuestion, ({ body, ...work }) => content.askNonFaqQuestion(work, body.question));
}
