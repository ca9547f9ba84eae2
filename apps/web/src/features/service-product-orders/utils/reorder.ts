import type { ServiceProduct, ServiceProductOrder } from '@portal/contract';
import type { Amounts } from './order-amounts';

type OrderLine = ServiceProductOrder['orderRows'][number];

export interface ReorderDraft {
  /** the amounts to fill in, by product id: only products that can still be ordered */
  amounts: Amounts;
  /** lines of the old order whose product can no longer be ordered: left out, and named */
  leftOut: { name: string; articleCode: string }[];
  /** products whose price is another now than on the old order: the current price applies */
  repriced: { name: string; was: number | null; now: number | null }[];
}

/**
 * Nieuwe bestelling filled from an earlier order: the same products and amounts, as far as the catalogue still
 * offers them, at today's prices. A product on two lines (a server other than ours may send that) is summed.
 */
export function reorderDraft(products: readonly ServiceProduct[], lines: readonly OrderLine[]): ReorderDraft {
  const orderable = new Map(products.map((product) => [product.serviceProductId, product]));
  const totals = new Map<number, number>();
  const leftOut: ReorderDraft['leftOut'] = [];
  const repriced: ReorderDraft['repriced'] = [];
  for (const line of lines) {
    const product = orderable.get(line.serviceProductId);
    if (!product) {
      if (!leftOut.some((gone) => gone.articleCode === line.serviceProductArticleCode && gone.name === line.serviceProductName)) {
        leftOut.push({ name: line.serviceProductName, articleCode: line.serviceProductArticleCode });
      }
      continue;
    }
    if (!totals.has(product.serviceProductId) && line.price !== product.price) {
      repriced.push({ name: product.name, was: line.price, now: product.price });
    }
    totals.set(product.serviceProductId, (totals.get(product.serviceProductId) ?? 0) + line.amount);
  }
  return { amounts: Object.fromEntries([...totals].map(([id, amount]) => [id, String(amount)])), leftOut, repriced };
}
