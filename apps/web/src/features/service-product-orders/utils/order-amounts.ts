import { orderAmount, type ServiceProduct } from '@portal/contract';

/** Said under an amount box that holds anything but a whole number of 1 to 999 (0 and empty order nothing). */
export const amountInvalidText = `Vul een heel aantal van ${orderAmount.min} tot ${orderAmount.max} in`;
export const priceOnRequestText = 'Prijs op aanvraag';

/**
 * What is wrong with the amount in a box, or null. The box takes at most 3 digits (digitsEdit), so only an amount
 * filled in from an earlier order can be wrong; it is said, never cut to fit, and nothing is ordered meanwhile.
 */
export function amountError(text: string | undefined): string | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return amountInvalidText;
  return Number(trimmed) > orderAmount.max ? amountInvalidText : null;
}

/** The typed amount as a number; 0 for an empty or invalid box. */
export function amountOf(text: string | undefined): number {
  if (amountError(text) !== null) return 0;
  const amount = Number.parseInt((text ?? '').trim(), 10);
  return Number.isFinite(amount) ? amount : 0;
}

/** amount × price, rounded to cents; null when the price is not known (price on request). */
export function rowTotal(amount: number, price: number | null): number | null {
  return price === null ? null : Math.round(amount * price * 100) / 100;
}

export type Amounts = Readonly<Record<number, string>>;

/** The rows to order: only products with an amount of at least 1 (the product's entities). */
export function orderRowsOf(products: readonly ServiceProduct[], amounts: Amounts) {
  return products
    .map((product) => ({ serviceProductId: product.serviceProductId, amount: amountOf(amounts[product.serviceProductId]) }))
    .filter((row) => row.amount >= orderAmount.min);
}

/** The ids of the products whose amount box holds something that is not an amount, in list order. */
export function invalidAmountsOf(products: readonly ServiceProduct[], amounts: Amounts): number[] {
  return products.filter((product) => amountError(amounts[product.serviceProductId]) !== null).map((product) => product.serviceProductId);
}

/** The number of items on the order button, and the sum of the totals whose price is known. */
export function orderSummary(products: readonly ServiceProduct[], amounts: Amounts) {
  let count = 0;
  let totalPrice = 0;
  let unknownPrice = false;
  for (const product of products) {
    const amount = amountOf(amounts[product.serviceProductId]);
    if (amount === 0) continue;
    count += amount;
    const total = rowTotal(amount, product.price);
    if (total === null) unknownPrice = true;
    else totalPrice += total;
  }
  return { count, totalPrice: Math.round(totalPrice * 100) / 100, unknownPrice };
}

/** The lines of the order being put together, in the shape of an order's lines (for the review step). */
export function draftLinesOf(products: readonly ServiceProduct[], amounts: Amounts) {
  return products.flatMap((product) => {
    const amount = amountOf(amounts[product.serviceProductId]);
    if (amount < orderAmount.min) return [];
    return [
      {
        serviceProductId: product.serviceProductId,
        serviceProductArticleCode: product.articleCode,
        serviceProductName: product.name,
        amount,
        price: product.price,
        rowTotalPrice: rowTotal(amount, product.price),
      },
    ];
  });
}
