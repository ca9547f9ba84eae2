import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { calls, validation } from '@portal/contract';
import { serviceProducts, sessionFamilies } from '../../db/schema.js';
import { accountRow, auditRows, call, createAccount, createCustomer } from '../../test/harness.js';
import { expectFieldErrors, expectProblem, freshAddress, login } from '../../test/auth-helpers.js';
import { useOpened } from '../../test/use-opened.js';
import { addBody, pharmacistCalls, pharmacistCustomers } from '../../test/pharmacist-calls.js';

const pharmacy = useOpened(pharmacistCustomers);

const { add, getById, update, remove, current, anotherAdministrator } = pharmacistCalls(() => pharmacy);

describe('Pharmacist/DeletePharmacistById', () => {
  it("removes an account at once: its access token gets 401 right away; its orders keep the orderer's name", async () => {
    const leaving = await createAccount(pharmacy.ctx, pharmacy.client, { type: 'Employee', firstName: 'Karin' });
    const session = await login(pharmacy.ctx, leaving);
    const [product] = await pharmacy.ctx.database.ownerDb
      .insert(serviceProducts)
      .values({ articleCode: 'SP-DEL', name: 'Sealtape', description: '50 mm', price: 2.5 })
      .returning({ id: serviceProducts.id });
    const placed = await call(pharmacy.ctx, calls.serviceProductOrder.addServiceProductOrder, {
      body: { orderRows: [{ serviceProductId: product!.id, amount: 2 }] },
      token: session.accessToken,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const { serviceProductOrderId } = placed.json<{ serviceProductOrderId: number }>();
    await call(pharmacy.ctx, calls.forms.askNonFaqQuestion, { body: { question: 'Wanneer komt de levering?' }, token: session.accessToken });

    const res = await remove(leaving.id);
    expect(res.statusCode, res.body).toBe(204);
    expect((await call(pharmacy.ctx, calls.serviceProduct.getServiceProducts, { token: session.accessToken })).statusCode).toBe(401);
    expect(
      (await call(pharmacy.ctx, calls.authentication.refreshAccessToken, {
        body: { accessToken: session.accessToken, refreshToken: session.refreshToken },
        remoteAddress: freshAddress(),
      })).statusCode,
    ).toBe(401);
    expectProblem(await getById(leaving.id), 404);
    const families = await pharmacy.ctx.database.ownerDb
      .select()
      .from(sessionFamilies)
      .where(and(eq(sessionFamilies.customerId, pharmacy.client.id), eq(sessionFamilies.accountId, leaving.id)));
    expect(families).toHaveLength(0);

    const order = await call(pharmacy.ctx, calls.serviceProductOrder.getServiceProductOrderById, {
      query: { ServiceProductOrderId: String(serviceProductOrderId) },
      token: pharmacy.adminToken,
    });
    expect(order.json()).toMatchObject({
      requesterName: 'Karin Pieters',
      requesterEmail: leaving.emailAddress,
      createdByPharmacistAccountId: null,
      createdByPharmacistEmailAddress: leaving.emailAddress,
    });
    const submissions = await pharmacy.ctx.database.ownerDb.execute<{ account_id: number | null; submitter_email: string }>(
      sql`select account_id, submitter_email from form_submissions where submitter_email = ${leaving.emailAddress}`,
    );
    expect(submissions.rows).toEqual([{ account_id: null, submitter_email: leaving.emailAddress }]);
    const audit = (await auditRows(pharmacy.ctx, 'PharmacistDelete')).at(-1)!;
    expect(audit).toMatchObject({ outcome: 'Success', account_id: pharmacy.admin.id, client_id: pharmacy.client.id });

    // The address is free again.
    expect((await add(addBody({ emailAddress: leaving.emailAddress }))).statusCode).toBe(204);
  });

  it("does not let an administrator remove themself, and answers 404 for another customer's account", async () => {
    expectFieldErrors(await remove(pharmacy.admin.id), 'Id', [validation.cannotDeleteSelf]);
    expectProblem(await remove(pharmacy.otherAccount.id), 404);
    // Refusals are in the audit trail too.
    const refusals = (await auditRows(pharmacy.ctx, 'PharmacistDelete')).filter((row) => row.outcome === 'Failure').slice(-2);
    expect(refusals).toEqual([
      expect.objectContaining({ account_id: pharmacy.admin.id, client_id: pharmacy.client.id, details: { status: 400, fields: ['Id'] } }),
      expect.objectContaining({ account_id: pharmacy.admin.id, client_id: pharmacy.client.id, details: { status: 404, fields: [] } }),
    ]);
    expect(await accountRow(pharmacy.ctx, pharmacy.otherAccount)).toBeDefined();
    expectProblem(await remove(2_000_000), 404);
  });
});

describe('the last active administrator', () => {
  it('is kept when two administrators demote each other at the same moment', async () => {
    for (let round = 0; round < 4; round += 1) {
      const shop = await createCustomer(pharmacy.ctx, `Apotheek ${round}`);
      const a = await anotherAdministrator(shop);
      const b = await anotherAdministrator(shop);
      // Both read before either demotion starts: a read inside the race could meet its maker already demoted.
      const bAsRead = await current(b.account.id, a.token);
      const aAsRead = await current(a.account.id, b.token);
      const [demoteB, demoteA] = await Promise.all([
        update({ ...bAsRead, pharmacistType: 'Employee' }, a.token),
        update({ ...aAsRead, pharmacistType: 'Employee' }, b.token),
      ]);
      const statuses = [demoteB.statusCode, demoteA.statusCode];
      expect(statuses.filter((s) => s === 204), JSON.stringify([demoteB.body, demoteA.body])).toHaveLength(1);
      const refused = [demoteB, demoteA].find((r) => r.statusCode !== 204)!;
      // Which demotion comes second decides how it is refused: by the last-administrator rule (400), or, when
      // its maker was demoted first, by the role check (403). Either way a problem document, and only these two.
      const problem = expectProblem(refused, refused.statusCode);
      expect([
        { status: 400, pharmacistType: [validation.lastAdministrator] },
        { status: 403, pharmacistType: undefined },
      ]).toContainEqual({ status: problem.status, pharmacistType: problem.errors?.pharmacistType });
      const left = await pharmacy.ctx.database.ownerDb.execute<{ n: number }>(
        sql`select count(*)::int as n from accounts where client_id = ${shop.id} and pharmacist_type = 'Administrator' and is_active`,
      );
      expect(left.rows[0]!.n).toBe(1);
    }
  });

  it('is kept when two administrators deactivate or remove each other at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const shop = await createCustomer(pharmacy.ctx, `Zorggroep ${round}`);
      const a = await anotherAdministrator(shop);
      const b = await anotherAdministrator(shop);
      const results = await Promise.all([
        update({ ...(await current(b.account.id, a.token)), isActive: false }, a.token),
        remove(a.account.id, b.token),
      ]);
      expect(results.filter((r) => r.statusCode === 204), JSON.stringify(results.map((r) => r.body))).toHaveLength(1);
      expect([400, 401, 403]).toContain(results.find((r) => r.statusCode !== 204)!.statusCode);
      const left = await pharmacy.ctx.database.ownerDb.execute<{ n: number }>(
        sql`select count(*)::int as n from accounts where client_id = ${shop.id} and pharmacist_type = 'Administrator' and is_active`,
      );
      expect(left.rows[0]!.n).toBe(1);
    }
  });
});
