import type { ServiceProduct, ServiceProductOrder } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { reorderDraft } from './reorder';

const product = (serviceProductId: number, name: string, price: number | null): ServiceProduct => ({
  serviceProductId,
  articleCode: `SP-${serviceProductId}`,
  name,
  description: '',
  imageUri: null,
  price,
});
const line = (serviceProductId: number, name: string, amount: number, price: number | null): ServiceProductOrder['orderRows'][number] => ({
  serviceProductId,
  serviceProductArticleCode: `SP-${serviceProductId}`,
  serviceProductName: name,
  amount,
  price,
  rowTotalPrice: price === null ? null : amount * price,
});

describe('reorderDraft', () => {
  it('fills the same amounts, leaves out and names what can no longer be ordered, and tells which prices changed', () => {
    const draft = reorderDraft(
      [product(1, 'Adresetiketten', 18.5), product(2, 'Printerrol', 0.12), product(3, 'Sealtape', null)],
      [line(1, 'Adresetiketten', 2, 18.5), line(9, 'Oude rol', 5, 5), line(2, 'Printerrol', 3, 0.1), line(3, 'Sealtape', 1, null)],
    );
    expect(draft).toEqual({
      amounts: { 1: '2', 2: '3', 3: '1' },
      leftOut: [{ name: 'Oude rol', articleCode: 'SP-9' }],
      repriced: [{ name: 'Printerrol', was: 0.1, now: 0.12 }],
    });
  });

  it('sums a product that stands on two lines, and names a withdrawn product once', () => {
    const draft = reorderDraft([product(1, 'Adresetiketten', 18.5)], [line(1, 'Adresetiketten', 2, 18.5), line(1, 'Adresetiketten', 4, 18.5), line(9, 'Oude rol', 1, 5), line(9, 'Oude rol', 2, 5)]);
    expect(draft.amounts).toEqual({ 1: '6' });
    expect(draft.leftOut).toEqual([{ name: 'Oude rol', articleCode: 'SP-9' }]);
  });

  it('leaves an empty form when nothing of the order can be ordered any more', () => {
    expect(reorderDraft([], [line(9, 'Oude rol', 1, 5)])).toEqual({ amounts: {}, leftOut: [{ name: 'Oude rol', articleCode: 'SP-9' }], repriced: [] });
  });
});
