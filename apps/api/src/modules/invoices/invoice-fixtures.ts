import { invoiceLines, invoices } from '../../db/schema.js';
import { createAccount, createCustomer, type TestCustomer, type TestContext } from '../../test/harness.js';
import { login } from '../../test/auth-helpers.js';

type Line = [departmentName: string | null, description: string, quantity: number, unitPrice: string, vatRate: string];

/**
 * The March invoice, worked out by hand:
 *   9%:  140 × 4,25 = 595,00; 137 × 4,25 = 582,25; 1234 × 0,045 = 55,53  → 1.232,78, btw 110,9502 → 110,95
 *   21%: 1 × 35,00 = 35,00; 1 × 49,95 = 49,95                            →    84,95, btw  17,8395 →  17,84
 *   excl. 1.317,73 + btw 128,79 = incl. 1.446,52
 */
export const march: { month: string; amount: string; lines: Line[] } = {
  month: '2026-03-01',
  amount: '1446.52',
  lines: [
    ['Thuiszorg Noord', 'Medicatierollen week 10', 140, '4.2500', '9.00'],
    ['Woonzorgcentrum Élan', 'Baxterzakjes, los', 1234, '0.0450', '9.00'],
    [null, 'Portaalabonnement maart', 1, '49.9500', '21.00'],
    ['Thuiszorg Noord', 'Medicatierollen week 11', 137, '4.2500', '9.00'],
    ['Woonzorgcentrum Élan', 'Spoedlevering', 1, '35.0000', '21.00'],
  ],
};

/** One line each, so that each amount is plain to check. */
export const otherMonths: { month: string; amount: string; lines: Line[] }[] = [
  { month: '2026-02-01', amount: '1090.00', lines: [['Thuiszorg Noord', 'Medicatierollen februari', 1, '1000.0000', '9.00']] },
  { month: '2026-01-01', amount: '302.50', lines: [[null, 'Portaalabonnement januari', 1, '250.0000', '21.00']] },
  { month: '2025-12-01', amount: '2420.00', lines: [['Thuiszorg Noord', 'Medicatierollen december', 1, '2000.0000', '21.00']] },
  { month: '2025-11-01', amount: '87.20', lines: [['Thuiszorg Noord', 'Medicatierollen november', 1, '80.0000', '9.00']] },
];

/** Ninety lines of 10,00 at 21% over three facilities: excl. 900,00, btw 189,00, incl. 1.089,00; several pages. */
export const longInvoice = {
  month: '2025-10-01',
  amount: '1089.00',
  lines: Array.from({ length: 90 }, (_, i): Line => [
    ['Afdeling Duinzicht', 'Afdeling Zeeroos', 'Afdeling Helmgras'][i % 3]!,
    `Medicatierol patiënt ${String(i + 1).padStart(2, '0')}`,
    1,
    '10.0000',
    '21.00',
  ]),
};

export async function insertInvoice(ctx: TestContext, client: TestCustomer, invoice: { month: string; amount: string; lines: Line[] }) {
  const [row] = await ctx.database.ownerDb
    .insert(invoices)
    .values({ customerId: client.id, processedMonth: invoice.month, invoiceAmount: Number(invoice.amount) })
    .returning({ id: invoices.id });
  if (invoice.lines.length) {
    await ctx.database.ownerDb.insert(invoiceLines).values(
      invoice.lines.map(([departmentName, description, quantity, unitPrice, vatRate], i) => ({
        customerId: client.id,
        invoiceId: row!.id,
        lineNo: i + 1,
        departmentName,
        description,
        quantity,
        unitPrice: Number(unitPrice),
        vatRate: Number(vatRate),
      })),
    );
  }
  return row!.id;
}

/** Two customers: ours with six invoices, another with one for March, both logged in. */
export async function invoiceCustomers(ctx: TestContext) {
  const own = await createCustomer(ctx, 'Apotheek De Linde');
  const other = await createCustomer(ctx, 'Andere zorggroep');
  const ids = {
    march: await insertInvoice(ctx, own, march),
    long: await insertInvoice(ctx, own, longInvoice),
  };
  for (const invoice of otherMonths) await insertInvoice(ctx, own, invoice);
  // 826,44 + 21% btw 173,5524 → 173,55 = 999,99
  await insertInvoice(ctx, other, { month: march.month, amount: '999.99', lines: [[null, 'Portaal', 1, '826.4400', '21.00']] });
  return {
    own,
    other,
    ids,
    token: (await login(ctx, await createAccount(ctx, own))).accessToken,
    otherToken: (await login(ctx, await createAccount(ctx, other))).accessToken,
  };
}
