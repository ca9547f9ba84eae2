import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { calls } from '@portal/contract';
import type { TestAccount } from '../../test/harness.js';
import { freshAddress } from '../../test/auth-helpers.js';
import { authTimes } from './auth.shared.js';
import { authTestContext } from './test-context.js';

const t = authTestContext();
const MINUTE = 60_000;
let account: TestAccount;
let locked: TestAccount;
beforeAll(async () => {
  account = await t.account();
  locked = await t.account();
  await t.setAccount(locked, { failedLoginCount: 9, lockedUntil: new Date(Date.now() + 15 * MINUTE) });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/**
 * Sends a call while the clock stands still, and answers its status and the waits it scheduled. With no time
 * passing during the work, a path that holds its answer until the floor schedules a wait of the whole floor.
 */
async function waitsOf(send: () => ReturnType<typeof t.call>) {
  vi.useFakeTimers({ toFake: ['Date'] });
  const timers = vi.spyOn(globalThis, 'setTimeout');
  const res = await send();
  return { status: res.statusCode, waits: timers.mock.calls.map(([, ms]) => ms) };
}

// The time of these answers must not tell whether an address has an account: neither path answers before the
// common floor. How close the two answers' times are is measured by scripts/bench-timing.mjs, not here.
describe('answers that could tell whether an address has an account', () => {
  it('a failed login waits for the floor: for a known address, an unknown one and a locked account', async () => {
    for (const emailAddress of [account.emailAddress, 'niemand@portal.test', locked.emailAddress]) {
      const { status, waits } = await waitsOf(() =>
        t.call(calls.authentication.loginWithCredentials, { body: { emailAddress, password: 'Fout-wachtwoord1' }, remoteAddress: freshAddress() }),
      );
      expect(status, emailAddress).toBe(400);
      expect(waits, emailAddress).toContain(authTimes.answerFloorMs);
      vi.restoreAllMocks();
    }
  });

  it('a reset request waits for the floor, for a known and for an unknown address', async () => {
    for (const emailAddress of [account.emailAddress, 'niemand@portal.test']) {
      const { status, waits } = await waitsOf(() =>
        t.call(calls.authentication.requestPasswordResetToken, { body: { emailAddress }, remoteAddress: freshAddress() }),
      );
      expect(status, emailAddress).toBeLessThan(300);
      expect(waits, emailAddress).toContain(authTimes.answerFloorMs);
      vi.restoreAllMocks();
    }
  });

  it('a successful login does not wait for the floor', async () => {
    const { status, waits } = await waitsOf(() =>
      t.call(calls.authentication.loginWithCredentials, {
        body: { emailAddress: account.emailAddress, password: account.password },
        remoteAddress: freshAddress(),
      }),
    );
    expect(status).toBe(200);
    expect(waits).not.toContain(authTimes.answerFloorMs);
  });
});
