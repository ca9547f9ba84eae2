import { and, asc, eq, gt, lt, desc, sql } from 'drizzle-orm';
import { contentText, sanitizeRichText, servicePictureRule, type CatalogueItem, type FaqAdminItem, type MemoItem } from '@portal/contract';
import { customers, contentBlocks, faqItems, memos, serviceProducts } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/database-faults.js';
import { badRequest, fieldError, notFound } from '../../lib/problems.js';
import type { StaffUnitOfWork } from '../backoffice/staff-work.js';
import { detectType, reencodeImage } from '../files/file-content.js';
import { imageUriOf } from '../service-products/service-products.js';

const CONTACT_DETAILS_KEY = 'contactDetails';
export const MAX_PICTURE_BYTES = servicePictureRule.maxBytes;

/** A Dutch calendar day's start as a moment (a memo is shown from 00:00 of its first day until 24:00 of its last). */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/Amsterdam'`;
const dayOf = (moment: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' }).format(moment);

type MemoInput = { id?: number | null; title: string; text: string; activeFrom: string; activeUntil?: string | null; customerIds?: string[] | null };
type FaqInput = { id?: number | null; title: string; contentHtml: string; isPublished: boolean };
type ProductInput = { id?: number | null; articleCode: string; name: string; description: string; price: number | null; isActive: boolean; sortOrder: number };

/** The provider's content as its staff keep it (issue 12): memos, FAQ, contact text and the service catalogue. */
export class ContentAdminService {
  async memos({ tx }: StaffUnitOfWork): Promise<MemoItem[]> {
    const rows = await tx.select().from(memos).orderBy(desc(memos.activeFrom), desc(memos.id));
    const now = new Date();
    return rows.map((m) => ({
      id: m.id,
      title: m.title,
      text: m.text,
      activeFrom: dayOf(m.activeFrom),
      // stored as the moment it ends (the next day's 00:00): shown as the last day it is shown
      activeUntil: m.activeUntil ? dayOf(new Date(m.activeUntil.getTime() - 1)) : null,
      customerIds: m.customerIds ?? null,
      shownNow: m.activeFrom <= now && (!m.activeUntil || m.activeUntil > now),
    }));
  }

  async saveMemo(work: StaffUnitOfWork, input: MemoInput): Promise<{ id: number }> {
    const customerIds = input.customerIds?.length ? [...new Set(input.customerIds)] : null;
    if (customerIds) {
      const known = await work.tx.select({ id: customers.id }).from(customers).where(sql`${customers.id} = any(${sql.param(customerIds)}::uuid[])`);
      if (known.length !== customerIds.length) throw fieldError('customerIds', contentText.unknownCustomer);
    }
    const values = {
      title: input.title,
      text: sanitizeRichText(input.text),
      activeFrom: sql`${dayStart(input.activeFrom)}`,
      activeUntil: input.activeUntil ? sql`${dayStart(input.activeUntil)} + interval '1 day'` : null,
      customerIds,
    } as unknown as typeof memos.$inferInsert;
    const [row] = input.id
      ? await work.tx.update(memos).set(values).where(eq(memos.id, input.id)).returning({ id: memos.id })
      : await work.tx.insert(memos).values(values).returning({ id: memos.id });
    if (!row) throw notFound();
    await work.audit({ action: 'Backoffice.MemoSave', objectType: 'Memo', objectId: String(row.id), details: { audience: customerIds ?? 'all' } });
    return row;
  }

  async deleteMemo(work: StaffUnitOfWork, id: number): Promise<void> {
    const [row] = await work.tx.delete(memos).where(eq(memos.id, id)).returning({ id: memos.id });
    if (!row) throw notFound();
    await work.audit({ action: 'Backoffice.MemoDelete', objectType: 'Memo', objectId: String(id) });
  }

  async faqItems({ tx }: StaffUnitOfWork): Promise<FaqAdminItem[]> {
    const rows = await tx.select().from(faqItems).orderBy(asc(faqItems.sortOrder), asc(faqItems.id));
    return rows.map((f) => ({ id: f.id, title: f.title, contentHtml: f.contentHtml, isPublished: f.isPublished }));
  }

  async saveFaqItem(work: StaffUnitOfWork, input: FaqInput): Promise<{ id: number }> {
    const values = { title: input.title, contentHtml: sanitizeRichText(input.contentHtml), isPublished: input.isPublished };
    let row: { id: number } | undefined;
    if (input.id) {
      [row] = await work.tx.update(faqItems).set(values).where(eq(faqItems.id, input.id)).returning({ id: faqItems.id });
    } else {
      const [last] = await work.tx.select({ max: sql<number>`coalesce(max(${faqItems.sortOrder}), 0)` }).from(faqItems);
      [row] = await work.tx.insert(faqItems).values({ ...values, sortOrder: Number(last?.max ?? 0) + 10 }).returning({ id: faqItems.id });
    }
    if (!row) throw notFound();
    await work.audit({ action: 'Backoffice.FaqSave', objectType: 'FaqItem', objectId: String(row.id), details: { isPublished: input.isPublished } });
    return row;
  }

  /** Swaps the item with its neighbour above or below; at the top or bottom nothing moves. */
  async moveFaqItem(work: StaffUnitOfWork, id: number, direction: 'up' | 'down'): Promise<void> {
    await work.tx.execute(sql`lock table faq_items in share row exclusive mode`);
    const [item] = await work.tx.select().from(faqItems).where(eq(faqItems.id, id));
    if (!item) throw notFound();
    const [neighbour] = await work.tx
      .select()
      .from(faqItems)
      .where(direction === 'up' ? lt(faqItems.sortOrder, item.sortOrder) : gt(faqItems.sortOrder, item.sortOrder))
      .orderBy(direction === 'up' ? desc(faqItems.sortOrder) : asc(faqItems.sortOrder))
      .limit(1);
    if (!neighbour) return;
    await work.tx.update(faqItems).set({ sortOrder: neighbour.sortOrder }).where(eq(faqItems.id, item.id));
    await work.tx.update(faqItems).set({ sortOrder: item.sortOrder }).where(eq(faqItems.id, neighbour.id));
    await work.audit({ action: 'Backoffice.FaqMove', objectType: 'FaqItem', objectId: String(id), details: { direction } });
  }

  async deleteFaqItem(work: StaffUnitOfWork, id: number): Promise<void> {
    const [row] = await work.tx.delete(faqItems).where(eq(faqItems.id, id)).returning({ id: faqItems.id });
    if (!row) throw notFound();
    await work.audit({ action: 'Backoffice.FaqDelete', objectType: 'FaqItem', objectId: String(id) });
  }

  async contactText({ tx }: StaffUnitOfWork): Promise<{ text: string }> {
    const [row] = await tx.select().from(contentBlocks).where(eq(contentBlocks.key, CONTACT_DETAILS_KEY));
    return { text: row?.body ?? '' };
  }

  async saveContactText(work: StaffUnitOfWork, text: string): Promise<void> {
    await work.tx
      .insert(contentBlocks)
      .values({ key: CONTACT_DETAILS_KEY, body: text })
      .onConflictDoUpdate({ target: contentBlocks.key, set: { body: text, updatedAt: new Date() } });
    await work.audit({ action: 'Backoffice.ContactSave', objectType: 'ContentBlock', objectId: CONTACT_DETAILS_KEY });
  }

  async serviceProducts({ tx }: StaffUnitOfWork): Promise<CatalogueItem[]> {
    const rows = await tx.execute<{ id: number; article_code: string; name: string; description: string; price: string | null; is_active: boolean; sort_order: number; image_version: string | null }>(sql`
      select id, article_code, name, description, price::text, is_active, sort_order,
        case when image is not null then substr(encode(sha256(image), 'hex'), 1, 16) end as image_version
      from service_products order by sort_order, id`);
    return rows.rows.map((p) => ({
      id: Number(p.id),
      articleCode: p.article_code,
      name: p.name,
      description: p.description,
      price: p.price === null ? null : Number(p.price),
      isActive: p.is_active,
      sortOrder: Number(p.sort_order),
      imageUri: p.image_version ? imageUriOf(Number(p.id), p.image_version) : null,
    }));
  }

  /** Creates or changes a product. Orders keep the code, name and price they were placed with (their own rows). */
  async saveServiceProduct(work: StaffUnitOfWork, input: ProductInput): Promise<{ id: number }> {
    const values = {
      articleCode: input.articleCode,
      name: input.name,
      description: input.description,
      price: input.price,
      isActive: input.isActive,
      sortOrder: input.sortOrder,
    };
    let row: { id: number } | undefined;
    try {
      [row] = input.id
        ? await work.tx.update(serviceProducts).set(values).where(eq(serviceProducts.id, input.id)).returning({ id: serviceProducts.id })
        : await work.tx.insert(serviceProducts).values(values).returning({ id: serviceProducts.id });
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('articleCode', contentText.articleCodeInUse);
      throw error;
    }
    if (!row) throw notFound();
    await work.audit({ action: 'Backoffice.ServiceProductSave', objectType: 'ServiceProduct', objectId: String(row.id), details: { price: input.price } });
    return row;
  }

  /** A new picture: PNG or JPEG by its bytes, at most 2 MB, re-encoded (no metadata, nothing hidden). */
  async saveServiceProductImage(work: StaffUnitOfWork, id: number, bytes: Buffer): Promise<void> {
    const type = bytes.length > 0 && bytes.length <= MAX_PICTURE_BYTES ? await detectType(bytes) : null;
    if (!type || !(servicePictureRule.mediaTypes as readonly string[]).includes(type.mediaType)) throw badRequest(contentText.pictureType, { file: [contentText.pictureType] });
    const image = await reencodeImage(bytes, type);
    const [row] = await work.tx
      .update(serviceProducts)
      .set({ image, imageMediaType: type.mediaType })
      .where(and(eq(serviceProducts.id, id)))
      .returning({ id: serviceProducts.id });
    if (!row) throw notFound();
    await work.audit({ action: 'Backoffice.ServiceProductImage', objectType: 'ServiceProduct', objectId: String(id) });
  }

  async customerChoices({ tx }: StaffUnitOfWork) {
    const rows = await tx.select({ id: customers.id, code: customers.clientCode, name: customers.name }).from(customers).orderBy(asc(customers.name));
    return rows;
  }
}
