import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import {
  accounts,
  assortmentItems,
  customers,
  contentBlocks,
  deliverySchedules,
  departments,
  faqItems,
  invoiceLines,
  invoices,
  memos,
  packingOrders,
  patients,
  products,
} from '../db/schema.js';
import { encryptSecret } from '../lib/crypto.js';
import { hashPassword } from '../lib/passwords.js';
import { makeCatalogue } from './catalogue.js';
import { demoContactDetails, demoFaqItems, demoMemos } from './content.js';
import { firstNames, lastNames } from './names.js';
import { invoiceTotalsSql, makeDeliverySchedules, makeInvoices, makePackingOrders, type DemoDepartment } from './operations.js';
import { addDays, calendarDay, createRandom, isoDay, type Random } from './random.js';
import { seedServiceProducts } from './service-products.js';
import { demoStaffLines, seedDemoStaff } from './staff.js';

/** Demo data only: every demo account shares this password, and the TOTP account this secret. */
export const DEMO_PASSWORD = 'Medicijnrol#2026';
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

interface DemoAccount {
  emailAddress: string;
  firstName: string;
  middleName?: string;
  lastName: string;
  pharmacistType: 'Administrator' | 'Employee';
  totp?: boolean;
}

interface DemoCustomer {
  clientCode: string;
  name: string;
  kind: 'Pharmacy' | 'CareInstitution';
  /** the invoice address */
  address: { address: string; postalCode: string; city: string };
  facilities: string[];
  accounts: DemoAccount[];
}

export const demoCustomers: DemoCustomer[] = [
  {
    clientCode: 'APO-1001',
    name: 'Apotheek De Linde',
    kind: 'Pharmacy',
    address: { address: 'Lindelaan 4', postalCode: '8441 BK', city: 'Heerenveen' },
    facilities: ['Thuiszorg Noord', 'Thuiszorg Zuid', 'Woonzorgcentrum De Es'],
    accounts: [
      { emailAddress: 'beheer@apotheekdelinde.example', firstName: 'Sanne', middleName: 'de', lastName: 'Vries', pharmacistType: 'Administrator' },
      { emailAddress: 'assistent@apotheekdelinde.example', firstName: 'Thomas', lastName: 'Bakker', pharmacistType: 'Employee' },
    ],
  },
  {
    clientCode: 'ZRG-2001',
    name: 'Zorggroep Het Baken',
    kind: 'CareInstitution',
    address: { address: 'Boulevard 21', postalCode: '1781 KA', city: 'Den Helder' },
    facilities: ['Afdeling Duinzicht', 'Afdeling Zeeroos', 'Afdeling Helmgras', 'Kleinschalig Wonen De Vuurtoren'],
    accounts: [
      { emailAddress: 'beheer@hetbaken.example', firstName: 'Fatima', middleName: 'el', lastName: 'Amrani', pharmacistType: 'Administrator', totp: true },
      { emailAddress: 'verpleging@hetbaken.example', firstName: 'Joost', middleName: 'van', lastName: 'Dijk', pharmacistType: 'Employee' },
    ],
  },
];

export async function shouldSeed(database: Database, mode: 'auto' | 'true' | 'false', embedded: boolean): Promise<boolean> {
  if (mode === 'false' || (mode === 'auto' && !embedded)) return false;
  const result = await database.ownerDb.execute<{ n: number }>(sql`select count(*)::int as n from clients`);
  return Number(result.rows[0]?.n ?? 0) === 0;
}

/** How much history the demo has. */
const demoHistory = { packingOrderWeeks: 39, invoiceMonths: 24, catalogueSize: 300 } as const;
const assortmentSizes: Record<string, number> = { 'APO-1001': 180, 'ZRG-2001': 235 };

/**
 * Fills an empty database with the demo: the provider's memos, FAQ, contact details and product catalogue, and
 * per demo customer its departments, patients, accounts, assortment, delivery schedules, packing orders and
 * invoices. Deterministic for a given day; dates are relative to `today` (default: now), so the demo always
 * looks current. A few batched inserts in one transaction.
 */
export async function seedDemoData(database: Database, options: { totpKey: Buffer; today?: Date }): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const today = calendarDay(options.today ?? new Date());
  const random = createRandom(20261121);
  await database.ownerDb.transaction(async (tx) => {
    await tx.insert(memos).values(demoMemos(today));
    await tx.insert(faqItems).values(demoFaqItems.map((item, i) => ({ ...item, sortOrder: (i + 1) * 10 })));
    await tx.insert(contentBlocks).values({ key: 'contactDetails', body: demoContactDetails }).onConflictDoNothing();
    const catalogue = await tx
      .insert(products)
      .values(makeCatalogue(demoHistory.catalogueSize))
      .returning({ id: products.id });

    for (const demo of demoCustomers) {
      const [client] = await tx
        .insert(customers)
        .values({ clientCode: demo.clientCode, name: demo.name, kind: demo.kind, ...demo.address })
        .returning({ id: customers.id });
      if (!client) throw new Error('demo client not created');
      const departmentRows = await tx
        .insert(departments)
        .values(demo.facilities.map((name) => ({ customerId: client.id, name })))
        .returning({ id: departments.id, name: departments.name });
      const demoDepartments: DemoDepartment[] = departmentRows.map((f) => ({ ...f, patients: random.int(14, 36) }));
      await tx.insert(patients).values(demoDepartments.flatMap((department) => demoPatients(client.id, department, random)));
      await tx.insert(accounts).values(
        demo.accounts.map((a) => ({
          customerId: client.id,
          emailAddress: a.emailAddress,
          firstName: a.firstName,
          middleName: a.middleName ?? null,
          lastName: a.lastName,
          pharmacistType: a.pharmacistType,
          isActive: true,
          passwordHash,
          passwordChangedAt: new Date(),
          totpEnabled: a.totp === true,
          totpSecret: a.totp ? encryptSecret(DEMO_TOTP_SECRET, options.totpKey) : null,
        })),
      );
      const assortment = sample(catalogue.map((p) => p.id), assortmentSizes[demo.clientCode] ?? 200, random);
      await tx.insert(assortmentItems).values(assortment.map((productId) => ({ customerId: client.id, productId })));

      const schedules = makeDeliverySchedules(demoDepartments, random);
      await tx.insert(deliverySchedules).values(schedules.map((s) => ({ customerId: client.id, ...s })));
      const orders = makePackingOrders(demoDepartments, schedules, today, random, demoHistory.packingOrderWeeks);
      await tx.insert(packingOrders).values(orders.map((o) => ({ customerId: client.id, ...o })));

      const monthly = makeInvoices(demoDepartments, schedules, today, random, demoHistory.invoiceMonths);
      const made = await tx
        .insert(invoices)
        .values(
          monthly.map((inv) => ({
            customerId: client.id,
            processedMonth: inv.processedMonth,
            invoiceAmount: 0,
            // Invoiced on the first of the next month, due 30 days later: paid once that is past.
            paymentStatus: paidBy(inv.processedMonth) < today.toISOString().slice(0, 10) ? 'Paid' : 'Open',
          })),
        )
        .returning({ id: invoices.id, processedMonth: invoices.processedMonth });
      const idOf = new Map(made.map((m) => [m.processedMonth, m.id]));
      await tx.insert(invoiceLines).values(
        monthly.flatMap((inv) =>
          inv.lines.map((line, i) => ({ customerId: client.id, invoiceId: idOf.get(inv.processedMonth)!, lineNo: i + 1, ...line })),
        ),
      );
    }
    // An invoice's amount is what its files print as the total: computed from its lines, where they are.
    await tx.execute(sql.raw(`
      update invoices i set invoice_amount = t.total from (${invoiceTotalsSql('invoice_lines')}) t
      where i.client_id = t.client_id and i.id = t.invoice_id`));
    await seedServiceProducts(tx, today);
    await seedDemoStaff(tx, passwordHash, options.totpKey);
  });
}

/** The due date of an invoice of the month, `YYYY-MM-DD` (the invoice date's default plus the demo's 30 days). */
function paidBy(processedMonth: string): string {
  const due = new Date(`${processedMonth}T00:00:00Z`);
  due.setUTCMonth(due.getUTCMonth() + 1);
  due.setUTCDate(due.getUTCDate() + 30);
  return due.toISOString().slice(0, 10);
}

function demoPatients(customerId: string, facility: DemoDepartment, random: Random) {
  return Array.from({ length: facility.patients }, () => {
    const [prefix, last] = random.pick(lastNames);
    const birth = addDays(new Date(Date.UTC(1926, 0, 1)), random.int(0, 26_000));
    return {
      customerId,
      departmentId: facility.id,
      firstName: random.pick(firstNames),
      namePrefix: prefix,
      lastName: last,
      birthDate: isoDay(birth),
    };
  });
}

/** `count` of `items` in a random choice, in their original order. */
function sample<T>(items: T[], count: number, random: Random): T[] {
  const chosen = items.map((item, i) => ({ item, i, key: random.next() }));
  return chosen
    .sort((a, b) => a.key - b.key)
    .slice(0, count)
    .sort((a, b) => a.i - b.i)
    .map((c) => c.item);
}

/** The demo logins, printed at start while the demo accounts exist. */
export async function demoBanner(database: Database, publicUrl: string): Promise<string | null> {
  const emails = demoCustomers.flatMap((c) => c.accounts.map((a) => a.emailAddress));
  const result = await database.ownerDb.execute<{ email_address: string }>(
    sql`select email_address from accounts where email_address in (${sql.join(emails.map((e) => sql`${e}`), sql`, `)})`,
  );
  if (result.rows.length === 0) return null;
  const lines = [
    '',
    `Mijn Spits draait op ${publicUrl}`,
    '',
    `Demo-logins (wachtwoord voor allemaal: ${DEMO_PASSWORD})`,
  ];
  for (const demo of demoCustomers) {
    for (const a of demo.accounts) {
      const extra = a.totp ? `  (2FA aan; TOTP-sleutel ${DEMO_TOTP_SECRET})` : '';
      lines.push(`  ${a.emailAddress.padEnd(36)} ${a.pharmacistType.padEnd(14)} ${demo.name}${extra}`);
    }
  }
  lines.push(...(await demoStaffLines(database.ownerDb, publicUrl)), '');
  return lines.join('\n');
}
