import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, feedback } from '@portal/contract';
import { call, createAccount, createClient, createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('smoke', () => {
  it('logs in and reads the TOTP state', async () => {
    const client = await createClient(ctx);
    const account = await createAccount(ctx, client);
    const login = await call(ctx, calls.authentication.loginWithCredentials, {
      body: { emailAddress: account.emailAddress, password: account.password },
    });
    expect(login.statusCode).toBe(200);
    const auth = login.json();
    expect(auth.userInfo).toEqual({ firstName: 'Petra', isAdministrator: true });
    const state = await call(ctx, calls.account.isTotpEnabled, { token: auth.accessToken });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toBe(false);
    const bad = await call(ctx, calls.authentication.loginWithCredentials, {
      body: { emailAddress: account.emailAddress, password: 'Wrong#12345' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBe(feedback.loginFailed);
  });
});
