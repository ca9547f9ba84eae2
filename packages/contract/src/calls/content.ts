import { z } from 'zod';
import { defineCall } from '../define.js';

export const contactDetails = z.object({
  /** The contact text as the provider maintains it; shown as written (line breaks kept). */
  text: z.string(),
});
export type ContactDetails = z.infer<typeof contactDetails>;

const get = defineCall({
  controller: 'ContactDetails',
  action: 'Get',
  method: 'GET',
  response: contactDetails,
  summary: 'The contact details text of the provider.',
});

export const contactDetailsCalls = { get } as const;

export const faqItem = z.object({
  faqItemId: z.int(),
  title: z.string(),
  /** HTML; the web app sanitises it before showing it. */
  content: z.string(),
});
export type FaqItem = z.infer<typeof faqItem>;

const getFaqItems = defineCall({
  controller: 'Faq',
  action: 'GetFaqItems',
  method: 'GET',
  response: z.array(faqItem),
  summary: 'Every FAQ item, in display order.',
});

export const faqCalls = { getFaqItems } as const;

export const memo = z.object({
  memoId: z.int(),
  title: z.string(),
  text: z.string(),
});
export type Memo = z.infer<typeof memo>;

const getActiveMemos = defineCall({
  controller: 'Memo',
  action: 'GetActiveMemos',
  method: 'GET',
  response: z.array(memo),
  summary: 'The memos that are active now, shown as cards on the dashboard.',
});

export const memoCalls = { getActiveMemos } as const;
