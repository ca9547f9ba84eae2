import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { formSubmissions, uploadedFiles } from '../db/schema.js';
import { createCustomer, createTestContext, type TestCustomer, type TestContext } from '../test/harness.js';
import { UploadCleanup } from './upload-cleanup.js';

let ctx: TestContext;
let client: TestCustomer;
let other: TestCustomer;
const quiet = { info: () => undefined, error: () => undefined };
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

beforeAll(async () => {
  ctx = await createTestContext();
  client = await createCustomer(ctx, 'Apotheek De Linde');
  other = await createCustomer(ctx, 'Zorggroep Het Baken');
});
afterAll(async () => {
  await ctx?.close();
});

async function upload(owner: TestCustomer, name: string, createdAt: Date, submissionId: number | null = null) {
  const [row] = await ctx.database.ownerDb
    .insert(uploadedFiles)
    .values({
      customerId: owner.id,
      purpose: 'RollFile',
      fileName: name,
      fileExtension: '.txt',
      mediaType: 'text/plain',
      sizeBytes: 5,
      sha256: '0'.repeat(64),
      content: Buffer.from('hallo'),
      submissionId,
      createdAt,
    })
    .returning({ id: uploadedFiles.id });
  return row!.id;
}

const remaining = async () =>
  (await ctx.database.ownerDb.execute<{ file_name: string }>(sql`select file_name from uploaded_files order by file_name`)).rows.map(
    (r) => r.file_name,
  );

describe('removal of unused uploads', () => {
  it('removes only unreferenced uploads older than 24 hours, of every customer', async () => {
    const [submission] = await ctx.database.ownerDb
      .insert(formSubmissions)
      .values({ customerId: client.id, kind: 'ImmediateProduct', payload: {}, status: 'New' })
      .returning({ id: formSubmissions.id });
    await upload(client, 'old-unused', hoursAgo(25));
    await upload(other, 'old-unused-other', hoursAgo(48));
    await upload(client, 'old-used', hoursAgo(72), submission!.id);
    await upload(client, 'young-unused', hoursAgo(23));
    await upload(client, 'new-unused', new Date());

    const cleanup = new UploadCleanup(ctx.database.ownerDb, { intervalMs: 60_000, log: quiet });
    expect(await cleanup.runOnce()).toBe(2);
    expect(await remaining()).toEqual(['new-unused', 'old-used', 'young-unused']);
    expect(await cleanup.runOnce()).toBe(0);
  });

  it('is safe when several processes run it at the same time', async () => {
    for (let n = 0; n < 450; n += 1) await upload(client, `stale-${String(n).padStart(3, '0')}`, hoursAgo(30));
    const processes = [1, 2, 3].map(() => new UploadCleanup(ctx.database.ownerDb, { intervalMs: 60_000, log: quiet }));
    const removed = await Promise.all(processes.map((p) => p.runOnce()));
    expect(removed.reduce((a, b) => a + b, 0)).toBe(450);
    expect(await remaining()).toEqual(['new-unused', 'old-used', 'young-unused']);
  });

  it('leaves an upload alone that a submission holds at that moment', async () => {
    const id = await upload(client, 'being-tied', hoursAgo(30));
    const tie = ctx.database.ownerPool.connect();
    const holder = await tie;
    try {
      await holder.query('begin');
      await holder.query('select 1 from uploaded_files where id = $1 for update', [id]);
      const cleanup = new UploadCleanup(ctx.database.ownerDb, { intervalMs: 60_000, log: quiet });
      expect(await cleanup.runOnce()).toBe(0);
      await holder.query('rollback');
      expect(await cleanup.runOnce()).toBe(1);
    } finally {
      holder.release();
    }
  });

  it('runs at start and then every interval, and never after it stopped', async () => {
    // The job's timers on a fake clock (the database stays real); each run is awaited as itself.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });
    try {
      const intervalMs = 60_000;
      await upload(client, 'periodic', hoursAgo(30));
      const cleanup = new UploadCleanup(ctx.database.ownerDb, { intervalMs, log: quiet });
      const runs = vi.spyOn(cleanup, 'runOnce');
      cleanup.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(runs).toHaveBeenCalledTimes(1);
      expect(await runs.mock.results[0]!.value).toBe(1);
      expect(await remaining()).not.toContain('periodic');

      await upload(client, 'periodic-2', hoursAgo(30));
      await vi.advanceTimersByTimeAsync(intervalMs - 1);
      expect(runs).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(runs).toHaveBeenCalledTimes(2);
      expect(await runs.mock.results[1]!.value).toBe(1);
      expect(await remaining()).not.toContain('periodic-2');

      await cleanup.stop();
      await upload(client, 'after-stop', hoursAgo(30));
      await vi.advanceTimersByTimeAsync(intervalMs * 3);
      expect(runs).toHaveBeenCalledTimes(2);
      expect(await remaining()).toContain('after-stop');
    } finally {
      vi.useRealTimers();
    }
  });
});
