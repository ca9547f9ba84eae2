import { departments } from '../db/schema.js';
import { login } from './auth-helpers.js';
import { createAccount, createCustomer, createTestContext, type TestCustomer, type TestContext } from './harness.js';
import { useOpened } from './use-opened.js';

/** Adds departments of these names to a customer; answers their ids after the harness's own first one. */
export async function departmentsOf(ctx: TestContext, client: TestCustomer, names: string[]): Promise<number[]> {
  const made = await ctx.database.ownerDb
    .insert(departments)
    .values(names.map((name) => ({ customerId: client.id, name })))
    .returning({ id: departments.id });
  return [client.departmentId, ...made.map((f) => f.id)];
}

/**
 * The two customers of a table's tests, each with named departments and a logged-in account: the own one whose
 * rows are asked for, and another ('Andere zorggroep') whose rows must never show.
 */
export async function tableCustomers(ctx: TestContext, ownNames: string[], otherNames: string[]) {
  const own = await createCustomer(ctx);
  const other = await createCustomer(ctx, 'Andere zorggroep');
  const ownDepartments = await departmentsOf(ctx, own, ownNames);
  const otherDepartments = await departmentsOf(ctx, other, otherNames);
  const token = (await login(ctx, await createAccount(ctx, own))).accessToken;
  const otherToken = (await login(ctx, await createAccount(ctx, other))).accessToken;
  return { own, other, ownDepartments, otherDepartments, token, otherToken };
}

export type TableCustomers = Awaited<ReturnType<typeof tableCustomers>> & { ctx: TestContext };

/**
 * A fresh database with the two customers of a table's tests, opened for the test file (see useOpened);
 * `seed` puts in the rows of both before the first test.
 */
export function useTableCustomers(
  ownDepartments: string[],
  otherDepartments: string[],
  seed: (customers: TableCustomers) => Promise<unknown>,
): TableCustomers {
  return useOpened(async () => {
    const ctx = await createTestContext();
    const customers = { ctx, ...(await tableCustomers(ctx, ownDepartments, otherDepartments)) };
    await seed(customers);
    return customers;
  });
}
