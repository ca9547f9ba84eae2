import { z } from 'zod';
import { staffController } from './staff-controller.js';
import { idField, isoDate, optionalIsoDate, requiredText } from '../fields.js';
import { validation as v } from '../messages.js';

/** The Dutch texts of the content screens that the server and the web app share. */
export const contentText = {
  titleRequired: 'Titel is verplicht',
  textRequired: 'Tekst is verplicht',
  untilBeforeFrom: 'Tonen tot moet na tonen vanaf liggen',
  unknownCustomer: 'Een gekozen klant bestaat niet (meer)',
  articleCodeInUse: 'Er is al een serviceproduct met deze artikelcode',
  pictureType: 'Kies een afbeelding in png- of jpeg-formaat van hoogstens 2 MB',
  priceInvalid: 'Vul een prijs in euro in, bijvoorbeeld 12,50, of laat het veld leeg',
  /** Issue 26.8: a memo for chosen customers names at least one (an empty list was saved as every customer). */
  customersRequired: 'Kies ten minste één klant, of kies Alle klanten',
  /** Issue 30.10: a link's address in the rich-text editor, the kinds the server keeps (isRichTextHref). */
  linkInvalid: 'Vul een adres in dat begint met https://, mailto: of tel:, of een pagina van het portaal zoals /faq',
  linkRequired: 'Vul het adres van de link in',
  /** A memo's customer that no longer exists. */
  unknownCustomerName: 'onbekende klant',
  /** Issue 26.8: who will see a memo, in words, before it is saved; null: every customer. */
  memoAudience: (customers: readonly string[] | null) =>
    `Zichtbaar voor: ${customers === null ? 'alle klanten' : customers.length === 0 ? 'nog geen klant gekozen' : customers.join(', ')}`,
} as const;

/** A service product's picture as the server takes it (contentText.pictureType says it); the browser checks it first. */
export const servicePictureRule = { maxBytes: 2 * 1024 * 1024, mediaTypes: ['image/png', 'image/jpeg'] } as const;

const memoText = requiredText(contentText.textRequired, 10_000);

export const memoItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** sanitised HTML */
  text: z.string(),
  activeFrom: z.string(),
  activeUntil: z.string().nullable(),
  /** the customers it is shown to; null: every customer */
  customerIds: z.array(z.string()).nullable(),
  shownNow: z.boolean(),
});
export type MemoItem = z.infer<typeof memoItem>;

export const saveMemo = z
  .strictObject({
    id: idField().nullish(),
    title: requiredText(contentText.titleRequired, 200),
    text: memoText,
    /** the first day it is shown (Dutch days) */
    activeFrom: isoDate(v.dateRequired),
    /** the last day it is shown; none: no end */
    activeUntil: optionalIsoDate(),
    /** the customers it is shown to, at least one; null: every customer */
    customerIds: z.array(z.uuid({ error: v.invalidValue }), { error: v.invalidValue }).min(1, contentText.customersRequired).max(1000).nullish(),
  })
  .superRefine((memo, ctx) => {
    if (memo.activeUntil && memo.activeUntil < memo.activeFrom) ctx.addIssue({ code: 'custom', path: ['activeUntil'], message: contentText.untilBeforeFrom });
  });

export const faqAdminItem = z.object({ id: z.number().int(), title: z.string(), contentHtml: z.string(), isPublished: z.boolean() });
export type FaqAdminItem = z.infer<typeof faqAdminItem>;

export const saveFaqItem = z.strictObject({
  id: idField().nullish(),
  title: requiredText(contentText.titleRequired, 300),
  contentHtml: requiredText(contentText.textRequired, 20_000),
  isPublished: z.boolean({ error: v.invalidValue }),
});

export const catalogueItem = z.object({
  id: z.number().int(),
  articleCode: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().nullable(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  /** the picture's address as customers load it; null without one */
  imageUri: z.string().nullable(),
});
export type CatalogueItem = z.infer<typeof catalogueItem>;

export const saveServiceProduct = z.strictObject({
  id: idField().nullish(),
  articleCode: requiredText(v.required, 40),
  name: requiredText(v.required, 200),
  description: requiredText(v.required, 2000),
  price: z.number({ error: contentText.priceInvalid }).min(0, contentText.priceInvalid).max(1_000_000, contentText.priceInvalid).multipleOf(0.01, contentText.priceInvalid).nullable(),
  isActive: z.boolean({ error: v.invalidValue }),
  sortOrder: z.int({ error: v.invalidValue }).min(0).max(1_000_000),
});

export const customerChoice = z.object({ id: z.string(), code: z.string(), name: z.string() });

const saved = z.object({ id: z.number().int() });
const byId = z.strictObject({ id: idField() });

export const backofficeContentCalls = staffController(
  'Content',
  ['Beheerder', 'Klantenservice'],
  {
    getMemos: { method: 'GET', response: z.array(memoItem), summary: 'Every memo, with its period and audience.' },
    saveMemo: { method: 'POST', body: saveMemo, response: saved, summary: 'Create or change a memo (its text sanitised).' },
    deleteMemo: { method: 'POST', body: byId, summary: 'Delete a memo.' },
    getFaqItems: { method: 'GET', response: z.array(faqAdminItem), summary: 'Every FAQ item in order, drafts included.' },
    saveFaqItem: { method: 'POST', body: saveFaqItem, response: saved, summary: 'Create or change a FAQ item (new ones go last).' },
    moveFaqItem: {
      method: 'POST',
      body: z.strictObject({ id: idField(), direction: z.enum(['up', 'down'], { error: v.invalidValue }) }),
      summary: 'Move a FAQ item one place up or down.',
    },
    deleteFaqItem: { method: 'POST', body: byId, summary: 'Delete a FAQ item.' },
    getContactText: { method: 'GET', response: z.object({ text: z.string() }), summary: 'The contact text customers see.' },
    saveContactText: {
      method: 'POST',
      body: z.strictObject({ text: requiredText(contentText.textRequired, 10_000) }),
      summary: 'Change the contact text.',
    },
    getServiceProducts: { method: 'GET', response: z.array(catalogueItem), summary: 'The service catalogue, not orderable ones included.' },
    saveServiceProduct: { method: 'POST', body: saveServiceProduct, response: saved, summary: 'Create or change a service product; orders keep their own prices.' },
    uploadServiceProductImage: {
      method: 'POST',
      query: z.object({ Id: z.coerce.number({ error: v.invalidValue }).int().min(1).max(2_147_483_647) }),
      summary: 'The picture of a service product: its bytes as the body, Content-Type image/png or image/jpeg, at most 2 MB (re-encoded).',
    },
    getCustomerChoices: { method: 'GET', response: z.array(customerChoice), summary: 'The customers, to address a memo to.' },
  },
);
