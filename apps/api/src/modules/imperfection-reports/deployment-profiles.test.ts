import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentProfilePath, deploymentProfiles, feedback, type DeploymentProfileName, type ImperfectionVariant } from '@portal/contract';
import { call, createAccount, createCustomer, createTestContext, type TestAccount, type TestContext } from '../../test/harness.js';
import { expectProblem, login } from '../../test/auth-helpers.js';
import { appWithProfile, reportVariantCases, submissions } from './test-support.js';

let ctx: TestContext;
let account: TestAccount;
let patientId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const client = await createCustomer(ctx);
  patientId = client.patientId;
  account = await createAccount(ctx, client);
});
afterAll(async () => {
  await ctx?.close();
});

const variantCalls = (variant: ImperfectionVariant) => reportVariantCases[variant].calls;
const validReport = (variant: ImperfectionVariant) => reportVariantCases[variant].valid(patientId);
const kinds = (variant: ImperfectionVariant) => reportVariantCases[variant].kind;
const variants = Object.keys(reportVariantCases) as ImperfectionVariant[];

describe.each(Object.keys(deploymentProfiles) as DeploymentProfileName[])('deployment profile %s', (profileName) => {
  const profile = deploymentProfiles[profileName];
  let site: TestContext;
  let token: string;
  beforeAll(async () => {
    site = profileName === 'default' ? ctx : await appWithProfile(ctx, profileName);
    token = (await login(site, account)).accessToken;
  });
  afterAll(async () => {
    if (site !== ctx) await site?.close();
  });

  it('tells the web app its variants', async () => {
    const res = await site.app.inject({ method: 'GET', url: deploymentProfilePath });
    expect(res.json()).toEqual({ ...profile, qualityContact: { phone: '0512 34 56 78', email: 'kwaliteit@portal.test' } });
  });

  const offered = variants.filter((v) => (profile.imperfectionVariants as readonly string[]).includes(v));
  const notOffered = variants.filter((v) => !offered.includes(v));

  it.each(notOffered)('answers 404 for every call of the %s variant, with or without a token, and stores nothing', async (variant) => {
    const before = (await submissions(ctx, kinds(variant))).length;
    for (const def of variantCalls(variant)) {
      expectProblem(await call(site, def, { token, body: def.method === 'GET' ? undefined : validReport(variant) }), 404, feedback.notFound);
      expectProblem(await call(site, def, { body: def.method === 'GET' ? undefined : validReport(variant) }), 404);
    }
    expect(await submissions(ctx, kinds(variant))).toHaveLength(before);
  });

  it.each(offered)('offers the %s variant: its calls need a token and work with one', async (variant) => {
    const [reportCall, choicesCall] = variantCalls(variant);
    expectProblem(await call(site, reportCall!, { body: validReport(variant) }), 401);
    if (choicesCall) {
      expectProblem(await call(site, choicesCall), 401);
      expect((await call(site, choicesCall, { token })).statusCode).toBe(200);
    }
    const before = (await submissions(ctx, kinds(variant))).length;
    const res = await call(site, reportCall!, { token, body: validReport(variant) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await submissions(ctx, kinds(variant))).toHaveLength(before + 1);
  });
});

describe('the default profile', () => {
  it('offers only the Oosterwolde variant (the generic form redirects to /, so it is not offered either)', () => {
    expect(deploymentProfiles.default.imperfectionVariants).toEqual(['Oosterwolde']);
  });
});
