import { beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@portal/contract';
import type { TestAccount } from '../../test/harness.js';
import { freshAddress } from '../../test/auth-helpers.js';
import { authTimes } from './auth.shared.js';
import { authTestContext } from './test-context.js';

const t = authTestContext();
let account: TestAccount;
beforeAll(async () => {
  account = await t.account();
});

/** How long the call took, and its status. A lower bound only: a busy machine can only make it longer. */
async function elapsed(send: () => ReturnType<typeof t.call>) {
  const started = performance.now();
  const res = await send();
  return { ms: performance.now() - started, status: res.statusCode };
}

// The time of these answers must not tell whether an address has an account (scripts/bench-timing.mjs
// measures how close the two are; here: neither path answers before the common floor).
describe('answers that could tell whether an address has an account', () => {
  it('a failed login waits for the floor, for a known and for an unknown address', async () => {
    for (const emailAddress of [account.emailAddress, 'niemand@portal.test']) {
      const { ms, status } = await elapsed(() =>
        t.call(calls.authentication.loginWithCredentials, { body: { emailAddress, password: 'Fout-wachtwoord1' }, remoteAddress: freshAddress() }),
      );
      expect(status).toBe(400);
      expect(ms).toBeGreaterThanOrEqual(authTimes.answerFloorMs - 1);
    }
  });

  it('a reset request waits for the floor, for a known and for an unknown address', async () => {
    for (const emailAddress of [account.emailAddress, 'niemand@portal.test']) {
      const { ms, status } = await elapsed(() =>
        t.call(calls.authentication.requestPasswordResetToken, { body: { emailAddress }, remoteAddress: freshAddress() }),
      );
      expect(status).toBeLessThan(300);
      expect(ms).toBeGreaterThanOrEqual(authTimes.answerFloorMs - 1);
    }
  });
});
