import { generate } from 'otplib';
import { pollUntil } from '../../apps/api/src/test/poll.js';

const periodSeconds = 30;
/** Using the previous step's code only with this much of the current step left, so it is still valid on arrival. */
const safetySeconds = 15;

/**
 * Six-digit codes for one TOTP secret as an authenticator app gives them, for a server that accepts a code
 * within one step either side of now and each step only once, later steps than the last accepted one only.
 * Each `next()` answers a code of a later step than the one before, waiting for the clock only when it must:
 * it starts one step back, so that three codes in a row (enable, log in, disable) need no waiting.
 */
export class TotpCodes {
  private lastStep = Number.NEGATIVE_INFINITY;

  constructor(readonly secret: string) {}

  async next(): Promise<string> {
    for (;;) {
      const now = Date.now() / 1000;
      const current = Math.floor(now / periodSeconds);
      const secondsLeft = (current + 1) * periodSeconds - now;
      const earliest = secondsLeft >= safetySeconds ? current - 1 : current;
      const step = Math.max(this.lastStep + 1, earliest);
      if (step <= current + 1) {
        this.lastStep = step;
        return generate({ secret: this.secret, epoch: step * periodSeconds + 1 });
      }
      // Two steps ahead would be refused: wait until the server's clock (this machine's) reaches the next step.
      await pollUntil(() => (Math.floor(Date.now() / 1000 / periodSeconds) > current ? true : undefined), {
        timeoutMs: Math.ceil(secondsLeft * 1000) + 5_000,
        intervalMs: 100,
        failure: () => `The clock did not reach TOTP step ${current + 1}`,
      });
    }
  }
}
