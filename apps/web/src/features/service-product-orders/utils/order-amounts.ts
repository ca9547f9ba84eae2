import { orderAmount, type ServiceProduct } from '@portal/contract';

/** What the amount box accepts while typing: digits only, at most three (spec section 9). */
export function cleanAmountInput(text: string): string {
  return text.replace(/\D/g, '').slice(0, orderAmount.maxDigits);
}

/** The typed amount as a number; 0 for an empty box. */
export function amountOf(text: string | undefined): number {
  const amount = Number.parseInt(text ?? '', 10);
  return Number.isFinite(amount) ? amount : 0;
}

/** amount × price, rounded to cents; null when the price is not known (the screen shows a dash). */
export function rowTotal(amount: number, price: number | null): number | null {
  return price === null ? null : Math.round(amount * price * 100) / 100;
}

export type Amounts = Readonly<Record<number, string>>;

/** The rows to order: only products with an amount of at least 1 (spec section 3). */
export function orderRowsOf(products: readonly ServiceProduct[], amounts: Amounts) {
  return products
    .map((product) => ({ serviceProductId: product.serviceProductId, amount: amountOf(amounts[product.serviceProductId]) }))
    .filter((row) => row.amount >= orderAmount.min);
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
