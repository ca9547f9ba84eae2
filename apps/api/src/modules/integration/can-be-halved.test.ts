import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, canBeHalvedText, importRowText, type AssortmentRow, type ImportRunSummary } from '@portal/contract';
import { call, createAccount, createCustomer, createTestContext, type TestContext } from '../../test/harness.js';
import { login } from '../../test/auth-helpers.js';
import { createIntegration, sendBatch, type TestIntegration } from './test-support.js';

/**
 * Issue 29.8: the provider says whether a tablet may be halved (canBeHalved), pharmacists see that yes or no, and
 * the spec's wire serves the description so that a client of the spec alone shows the same; a description that
 * reads as a refusal without canBeHalved is taken with a warning.
 */
let ctx: TestContext;
let erp: TestIntegration;
let token: string;
let customer: string;

beforeAll(async () => {
  ctx = await createTestContext();
  erp = await createIntegration(ctx, ['products', 'assortment']);
  const pharmacy = await createCustomer(ctx, 'Apotheek Halveer');
  customer = pharmacy.clientCode;
  token = (await login(ctx, await createAccount(ctx, pharmacy))).accessToken;
});
afterAll(() => ctx.close());

const product = (key: string, splitDescription: string, canBeHalved?: boolean) => ({
  key,
  ziNumber: key.replace(/\D/g, '') || '1',
  longName: `Product ${key}`,
  splitDescription,
  ...(canBeHalved === undefined ? {} : { canBeHalved }),
});
const shown = async () => {
  const res = await call(ctx, calls.assortment.getDrugTable, { body: { rowsPerPage: 50 }, token });
  return new Map(res.json<{ items: AssortmentRow[] }>().items.map((r) => [r.longName, canBeHalvedText(r.splitDescription)]));
};

describe('whether a tablet may be halved', () => {
  it("shows the provider's yes or no, whatever the words, on the spec's wire too", async () => {
    const answer = await sendBatch(ctx, erp.token, 'products', [
      product('H1', 'Niet delen', false),
      product('H2', 'Breukgleuf', true),
      product('H3', 'ERROR oud', true),
      product('H4', 'Niet delen'),
      product('H5', 'Breukgleuf'),
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const summary = answer.json<ImportRunSummary>();
    expect(summary).toMatchObject({ inserted: 5, rejected: 0, status: 'succeeded' });
    // Only the description that reads as a refusal without an answer is warned of.
    expect(summary.warnings).toEqual([`Regel 4 (H4): ${importRowText.halvingUnsaid('Niet delen')}`]);
    await sendBatch(ctx, erp.token, 'assortment', ['H1', 'H2', 'H3', 'H4', 'H5'].map((p) => ({ customer, product: p })));
    expect(Object.fromEntries(await shown())).toEqual({
      'Product H1': 'Nee',
      'Product H2': 'Ja',
      'Product H3': 'Ja',
      // Unsaid: the spec's rule on the words (and the warning above).
      'Product H4': 'Ja',
      'Product H5': 'Ja',
    });
  });
});
