import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { wayBackCalls } from '@portal/contract';
import { call } from '../../test/harness.js';
import { fileRollRequest, integrationNow, openWayBack, readAll, readFeed, type WayBackWorld } from './test-support.js';

/** Issue 29.1: a poller that goes on from its last cursor never misses an event, and sees only what its scopes read. */
let world: WayBackWorld;
beforeAll(async () => {
  world = await openWayBack();
});
afterAll(() => world.ctx.close());

/** An event written as a door writes one, in a transaction the test holds open. */
async function writeEvent(client: pg.PoolClient, subject: string): Promise<void> {
  const data = {
    reference: subject,
    customer: { code: world.clientCode, name: 'Apotheek De Linde' },
    status: 'Processing',
    previousStatus: 'New',
    changedAt: new Date().toISOString(),
    changedBy: { kind: 'staff', name: 'Karin de Boer', email: null },
  };
  await client.query(`insert into integration_events (type, client_id, subject, payload) values ('serviceOrder.statusChanged', $1, $2, $3)`, [
    world.client.id,
    subject,
    JSON.stringify(data),
  ]);
}

describe('commit order', () => {
  it('feeds two transactions that commit in the reverse order of their writes in the order they committed, and misses neither', async () => {
    const { next } = await readAll(world);
    const first = await world.ctx.database.ownerPool.connect();
    const second = await world.ctx.database.ownerPool.connect();
    try {
      await first.query('begin');
      await writeEvent(first, 'BST-2026-000001');
      await second.query('begin');
      await writeEvent(second, 'BST-2026-000002');
      await second.query('commit');

      // The first transaction wrote earlier, but is still open: the reader sees the second's event alone.
      const seen = await readAll(world, next);
      expect(seen.events.map((e) => (e.data as { reference: string }).reference)).toEqual(['BST-2026-000002']);
      expect(seen.events.map((e) => e.position)).toEqual([Number(next) + 1]);

      await first.query('commit');
      const after = await readAll(world, seen.next);
      expect(after.events.map((e) => e.position)).toEqual([Number(next) + 2]);

      // From the start, the whole feed shows them as they committed: the second's first.
      const whole = await readAll(world, next);
      expect(whole.events.map((e) => (e.data as { reference: string }).reference)).toEqual(['BST-2026-000002', 'BST-2026-000001']);
    } finally {
      first.release();
      second.release();
    }
  });

  it('answers the same cursor again when nothing happened, and moves it past events the client does not read', async () => {
    const { next } = await readAll(world);
    expect(await readFeed(world, { after: next })).toEqual({ events: [], next, hasMore: false });
    const ordersOnly = await integrationNow(world, ['orders:read'], 'Orderdesk');
    await fileRollRequest(world);
    const page = await readFeed(world, { after: next }, ordersOnly.token);
    expect(page).toEqual({ events: [], next: String(Number(next) + 1), hasMore: false });
  });
});

describe('scopes', () => {
  it("shows a client only the event types its scopes read, and refuses a client that reads none, or another's types", async () => {
    const { next } = await readAll(world);
    const reference = await fileRollRequest(world);
    const submissions = await integrationNow(world, ['submissions:read'], 'Zorgsysteem');
    expect((await readFeed(world, { after: next }, submissions.token)).events.map((e) => [e.type, (e.data as { reference: string }).reference])).toEqual([
      ['submission.created', reference],
    ]);
    const kindsOnly = await integrationNow(world, ['customers'], 'Klantbeheer');
    const refused = await call(world.ctx, wayBackCalls.events, { token: kindsOnly.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ title: expect.stringContaining('orders:read of submissions:read') });
    const ordersOnly = await integrationNow(world, ['orders:read'], 'Orderdesk 2');
    const asked = await call(world.ctx, wayBackCalls.events, { token: ordersOnly.token, query: { types: 'submission.created' } });
    expect(asked.statusCode).toBe(403);
  });

  it('refuses the link of an uploaded file without submissions:read', async () => {
    const ordersOnly = await integrationNow(world, ['orders:read'], 'Orderdesk 3');
    const res = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/integration/v1/files/00000000-0000-4000-8000-000000000000',
      headers: { authorization: `Bearer ${ordersOnly.token}` },
    });
    expect(res.statusCode).toBe(403);
    const unknown = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/integration/v1/files/00000000-0000-4000-8000-000000000000',
      headers: { authorization: `Bearer ${world.erp.token}` },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('bad cursors', () => {
  it('answers 400 with the expected form for a cursor that is no number, and 410 for one whose events are no longer kept', async () => {
    const bad = await call(world.ctx, wayBackCalls.events, { token: world.erp.token, query: { after: 'gisteren' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('verwacht de cursor van het vorige antwoord');
    const { next } = await readAll(world);
    await fileRollRequest(world);
    await fileRollRequest(world);
    await readAll(world, next);
    // What the retention removes: the oldest events, up to and past the cursor of a reader that fell behind.
    await world.ctx.database.ownerPool.query('delete from integration_events where position <= $1', [Number(next) + 1]);
    const gone = await call(world.ctx, wayBackCalls.events, { token: world.erp.token, query: { after: String(Number(next) - 1) } });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ title: expect.stringContaining('lees opnieuw vanaf 0') });
    expect((await call(world.ctx, wayBackCalls.events, { token: world.erp.token, query: { after: String(Number(next) + 1) } })).statusCode).toBe(200);
  });
});
