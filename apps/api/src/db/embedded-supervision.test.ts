import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedCluster } from './embedded.js';
import { clusterAnswers, startScratchCluster } from '../test/scratch-cluster.js';

let scratch: Awaited<ReturnType<typeof startScratchCluster>>;
let cluster: EmbeddedCluster;
const logged: string[] = [];

beforeAll(async () => {
  scratch = await startScratchCluster({ info: (m) => logged.push(m), error: (m) => logged.push(m) });
  cluster = scratch.cluster;
});
afterAll(async () => {
  await scratch?.remove();
});

describe('the embedded PostgreSQL under supervision', () => {
  it('is started again when its postmaster is killed, and answers again', async () => {
    expect(await clusterAnswers(cluster)).toBe(true);
    const before = cluster.pid;
    expect(before).toBeGreaterThan(0);
    process.kill(before!, 'SIGKILL');
    await expect.poll(() => cluster.pid !== undefined && cluster.pid !== before, { timeout: 60_000, interval: 200 }).toBe(true);
    await expect.poll(() => clusterAnswers(cluster), { timeout: 60_000, interval: 200 }).toBe(true);
    expect(logged.some((m) => /ended unexpectedly \(SIGKILL\)/.test(m))).toBe(true);
  });

  it('is not started again once it was stopped on purpose', async () => {
    const pid = cluster.pid!;
    await cluster.stop();
    expect(() => process.kill(pid, 0)).toThrow();
    expect(cluster.pid).toBeUndefined();
    expect(await clusterAnswers(cluster)).toBe(false);
  });
});
