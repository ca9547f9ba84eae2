import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, deploymentProfilePath, deploymentProfiles } from '@portal/contract';
import { customers } from '../../db/schema.js';
import { login } from '../../test/auth-helpers.js';
import { call, createAccount, createCustomer, createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let alkmaarToken: string;
let defaultToken: string;

const profile = (token?: string) =>
  ctx.app.inject({ method: 'GET', url: deploymentProfilePath, headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  ctx = await createTestContext();
  const alkmaar = await createCustomer(ctx, 'Apotheek Alkmaar');
  await ctx.database.ownerDb.update(customers).set({ site: 'alkmaar' }).where(eq(customers.id, alkmaar.id));
  alkmaarToken = (await login(ctx, await createAccount(ctx, alkmaar))).accessToken;
  defaultToken = (await login(ctx, await createAccount(ctx, await createCustomer(ctx, 'Apotheek Zonder Vestiging')))).accessToken;
});
afterAll(() => ctx.close());

describe('site per customer', () => {
  it("answers the profile of the caller's own site, the deployment's before login and for a customer without a site", async () => {
    // Every answer names the quality department as the deployment sets it (QUALITY_PHONE, QUALITY_MAIL_ADDRESS).
    const qualityContact = { phone: '0512 34 56 78', email: 'kwaliteit@portal.test' };
    expect((await profile()).json()).toEqual({ ...deploymentProfiles.default, qualityContact });
    expect((await profile(alkmaarToken)).json()).toEqual({ ...deploymentProfiles.alkmaar, qualityContact });
    expect((await profile(defaultToken)).json()).toEqual({ ...deploymentProfiles.default, qualityContact });
    expect((await profile('forged.token.value')).statusCode).toBe(401);
  });

  it("decides which report calls a customer may use: its site's variant, the others do not exist for it", async () => {
    expect((await call(ctx, calls.forms.getDropdownDataAlkmaar, { token: alkmaarToken })).statusCode).toBe(200);
    expect((await call(ctx, calls.forms.getImperfectionCatalogueOosterwolde, { token: alkmaarToken })).statusCode).toBe(404);
    expect((await call(ctx, calls.forms.reportImperfectionInceptionOosterwolde, { token: alkmaarToken, body: {} })).statusCode).toBe(404);

    expect((await call(ctx, calls.forms.getImperfectionCatalogueOosterwolde, { token: defaultToken })).statusCode).toBe(200);
    expect((await call(ctx, calls.forms.getDropdownDataAlkmaar, { token: defaultToken })).statusCode).toBe(404);
    expect((await call(ctx, calls.forms.reportImperfectionInceptionAlkmaar, { token: defaultToken, body: {} })).statusCode).toBe(404);
  });
});
