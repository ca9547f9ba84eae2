import { z } from 'zod';
import { controller, listCall } from '../define.js';

export const contactDetails = z.object({
  /** The contact text as the provider maintains it; shown as written (line breaks kept). */
  text: z.string(),
});
export type ContactDetails = z.infer<typeof contactDetails>;

export const contactDetailsCalls = controller('ContactDetails', {
  get: { method: 'GET', response: contactDetails, summary: 'The contact details text of the provider.' },
});

export const faqItem = z.object({
  faqItemId: z.int(),
  title: z.string(),
  /** HTML; the web app sanitises it before showing it. */
  content: z.string(),
});
export type FaqItem = z.infer<typeof faqItem>;

export const faqCalls = controller('Faq', {
  getFaqItems: listCall({ item: faqItem, summary: 'Every FAQ item, in display order.' }),
});

export const memo = z.object({
  memoId: z.int(),
  title: z.string(),
  text: z.string(),
});
export type Memo = z.infer<typeof memo>;

export const memoCalls = controller('Memo', {
  getActiveMemos: listCall({ item: memo, summary: 'The memos that are active now, shown as cards on the dashboard.' }),
});
