import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, pharmacistTableColumns, tableDefaults, type Pharmacist, type PharmacistTableColumn, type TableResponse } from '@portal/contract';
import { accounts } from '../../db/schema.js';
import { createAccount, createCustomer, createTestContext, type TestAccount, type TestCustomer, type TestContext } from '../../test/harness.js';
import { login } from '../../test/auth-helpers.js';
import { pharmacistCalls } from '../../test/pharmacist-calls.js';
import { describeTableCall } from '../../test/table-call.js';

let ctx: TestContext;
let client: TestCustomer;
let admin: TestAccount;
let adminToken: string;
let otherToken: string;
let otherAccount: TestAccount;

const { add, table } = pharmacistCalls(() => ({ ctx, client, adminToken }));

/** The own customer's accounts: Sanne (administrator), an employee, Anna de Jong (invited), Zoë and 32 more. */
const ownTotal = 36;

beforeAll(async () => {
  ctx = await createTestContext();
  client = await createCustomer(ctx, 'Apotheek De Linde');
  const other = await createCustomer(ctx, 'Zorggroep Het Baken');
  admin = await createAccount(ctx, client, { type: 'Administrator', firstName: 'Sanne' });
  adminToken = (await login(ctx, admin)).accessToken;
  await createAccount(ctx, client, { type: 'Employee' });
  const invited = await add({ emailAddress: 'Anna.de.Jong@Apotheek.test', firstName: 'Anna', middleName: 'de', lastName: 'Jong', pharmacistType: 'Administrator' });
  expect(invited.statusCode, invited.body).toBe(204);
  await createAccount(ctx, client, { type: 'Employee', firstName: 'Zoë' });
  for (let n = 0; n < 32; n += 1) await createAccount(ctx, client, { type: 'Employee', firstName: `Medewerker${n}` });
  otherAccount = await createAccount(ctx, other, { type: 'Employee', emailAddress: 'j.dijk@hetbaken.test' });
  otherToken = (await login(ctx, await createAccount(ctx, other, { type: 'Administrator' }))).accessToken;
});
afterAll(async () => {
  await ctx?.close();
});

const rows = async (body: unknown) => (await table(body)).json<TableResponse<Pharmacist>>();

const collator = new Intl.Collator('nl');
/** Text in Dutch order; an empty middle name first when ascending, as the table puts nulls. */
const byText = (a: string | null, b: string | null) => (a === null || b === null ? Number(b === null) - Number(a === null) : collator.compare(a, b));
describeTableCall<Pharmacist, PharmacistTableColumn>(
  {
    call: calls.pharmacist.getPharmacistTable,
    columns: pharmacistTableColumns,
    defaults: tableDefaults.pharmacists,
    total: ownTotal,
    compare: {
      accountId: (a, b) => a.accountId - b.accountId,
      emailAddress: (a, b) => byText(a.emailAddress.toLowerCase(), b.emailAddress.toLowerCase()),
      firstName: (a, b) => byText(a.firstName, b.firstName),
      middleName: (a, b) => byText(a.middleName, b.middleName),
      lastName: (a, b) => byText(a.lastName, b.lastName),
      pharmacistType: (a, b) => a.pharmacistType.localeCompare(b.pharmacistType),
      isActive: (a, b) => Number(a.isActive) - Number(b.isActive),
    },
    folding: { term: 'Zoë', found: 1 },
    other: { term: 'hetbaken', total: 2 },
  },
  () => ({ ctx, token: adminToken, otherToken }),
);

describe('Pharmacist/GetPharmacistTable', () => {
  it('defaults to 30 rows by account id descending, only the own customer', async () => {
    const page = await rows({});
    const own = await ctx.database.ownerDb.select({ id: accounts.id }).from(accounts).where(eq(accounts.customerId, client.id));
    expect(own).toHaveLength(ownTotal);
    expect(page.total).toBe(ownTotal);
    const ids = page.items.map((row) => row.accountId);
    expect(ids).toEqual(own.map((a) => a.id).sort((a, b) => b - a).slice(0, 30));
    expect(ids).not.toContain(otherAccount.id);
    expect((await rows({ page: 2 })).items).toHaveLength(ownTotal - 30);
  });

  it('sorts on the first name and searches the whole name, and the account type by its Dutch name', async () => {
    const byName = await rows({ sortBy: 'firstName', rowsPerPage: 10 });
    expect(byName.items).toHaveLength(10);
    expect(byName.items[0]!.firstName).toBe('Anna');
    expect((await rows({ search: 'anna de jong' })).items.map((r) => r.emailAddress)).toEqual(['Anna.de.Jong@Apotheek.test']);
    const admins = await rows({ search: 'beheerder', rowsPerPage: 100 });
    expect(admins.items.map((r) => [r.firstName, r.pharmacistType])).toEqual([
      ['Anna', 'Administrator'],
      ['Sanne', 'Administrator'],
    ]);
  });
});
