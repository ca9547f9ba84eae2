import { serviceProducts } from '../../db/schema.js';
import type { TestContext } from '../../test/harness.js';

type ServiceProductRow = typeof serviceProducts.$inferInsert;

/** Puts the provider's products straight into the catalogue; answers their ids by article code. */
export async function insertServiceProducts(ctx: TestContext, rows: ServiceProductRow[]): Promise<Record<string, number>> {
  const inserted = await ctx.database.ownerDb
    .insert(serviceProducts)
    .values(rows)
    .returning({ id: serviceProducts.id, articleCode: serviceProducts.articleCode });
  return Object.fromEntries(inserted.map((row) => [row.articleCode, row.id]));
}
