import { calls } from '@portal/contract';
import { anyAccount, type PortalDoor } from '../../doors/portal.js';
import { ContentService, type ContentDeps } from './content.service.js';

/** The provider's content (memos, FAQ, contact text) and the question box beside the FAQ. */
export function registerContentRoutes(portal: PortalDoor, deps: ContentDeps) {
  const content = new ContentService(deps);
  portal.admitted(calls.memo.getActiveMemos, anyAccount, ({ principal }) => content.activeMemos(principal.clientId));
  portal.admitted(calls.faq.getFaqItems, anyAccount, () => content.faqItems());
  portal.admitted(calls.contactDetails.get, anyAccount, () => content.contactDetails());
  portal.call(calls.forms.askNonFaqQuestion, anyAccount, ({ body, ...work }) => content.askNonFaqQuestion(work, body.question));
}
