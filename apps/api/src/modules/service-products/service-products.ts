import { sql } from 'drizzle-orm';
import { serviceProductImage, type ServiceProduct } from '@portal/contract';
import type { Db } from '../../db/database.js';

/** The link an `<img>` loads a product's picture from; `v` changes with the picture, so it may be cached for good. */
export function imageUriOf(serviceProductId: number, version: string): string {
  return `${serviceProductImage.path}?ServiceProductId=${serviceProductId}&v=${version}`;
}

/**
 * The catalogue: every product that can be ordered now, in the provider's order. The provider's catalogue is
 * the same for every customer, so no tenant transaction is needed to read it.
 */
export async function orderableServiceProducts(db: Db): Promise<ServiceProduct[]> {
  const result = await db.execute<{
    id: number;
    article_code: string;
    name: string;
    description: string;
    price_cents: string | null;
    image_version: string | null;
  }>(sql`
    select id, article_code, name, description, (price * 100)::bigint as price_cents,
           case when image is not null and image_media_type is not null
                then substr(encode(sha256(image), 'hex'), 1, 16) end as image_version
    from service_products where is_active
    order by sort_order, name collate portal_sort, id`);
  return result.rows.map((p) => ({
    serviceProductId: Number(p.id),
    articleCode: p.article_code,
    name: p.name,
    description: p.description,
    imageUri: p.image_version ? imageUriOf(Number(p.id), p.image_version) : null,
    price: p.price_cents === null ? null : Number(p.price_cents) / 100,
  }));
}

export interface ServiceProductPicture {
  mediaType: string;
  /** the first 16 hex digits of the picture's SHA-256: its version and ETag */
  version: string;
  /** null when the client's copy (If-None-Match) is still the current one */
  content: Buffer | null;
}

/**
 * A product's picture, active or not (an old order may still show it). The bytes are only read when the
 * client does not have this version already.
 */
export async function serviceProductPicture(db: Db, serviceProductId: number, knownVersions: string[]): Promise<ServiceProductPicture | null> {
  const result = await db.execute<{ media_type: string; version: string; content: Buffer | null }>(sql`
    with p as (
      select image_media_type, image, substr(encode(sha256(image), 'hex'), 1, 16) as version
      from service_products where id = ${serviceProductId} and image is not null and image_media_type is not null
    )
    select image_media_type as media_type, version,
           case when version = any(${sql.param(knownVersions)}::text[]) then null else image end as content
    from p`);
  const row = result.rows[0];
  return row ? { mediaType: row.media_type, version: row.version, content: row.content } : null;
}

/** The ETags of an If-None-Match header, without quotes and weak markers. */
export function knownVersions(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1'))
    .filter((tag) => /^[0-9a-f]{16}$/.test(tag))
    .slice(0, 20);
}
