import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backofficeAuthCalls } from '@portal/contract';
import { generate } from 'otplib';
import { freshAddress } from '../test/auth-helpers.js';
import { call, createTestContext, type TestContext } from '../test/harness.js';
import { seedDemoInbox } from './inbox.js';
import { DEMO_PASSWORD, seedDemoData } from './seed.js';
import { demoStaff } from './staff.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoData(ctx.database, { totpKey: ctx.totpKey });
  await seedDemoInbox(ctx.app, ctx.database);
});
afterAll(async () => {
  await ctx?.close();
});

const rows = async <T extends Record<string, unknown>>(query: string) => (await ctx.database.ownerDb.execute<T>(sql.raw(query))).rows;

describe('the demo inbox', () => {
  it('holds what customers sent, through the portal’s calls, in every status', async () => {
    const submissions = await rows<{ kind: string; status: string }>('select kind, status from form_submissions order by id');
    expect(submissions.map((s) => s.kind)).toEqual([
      'ImmediateProduct',
      'NewProduct',
      'OfflineAssortment',
      'NonFaqQuestion',
      'Photo',
      'ImperfectionOosterwolde',
    ]);
    expect(new Set(submissions.map((s) => s.status))).toEqual(new Set(['New', 'Processing', 'Archived']));
    const orders = await rows<{ status: string }>('select distinct status from service_product_orders');
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['New', 'Processing', 'Archived']));
  });

  it('has the roll file and the photo attached to their submissions', async () => {
    const files = await rows<{ kind: string; purpose: string; media_type: string }>(`
      select s.kind, u.purpose, u.media_type from uploaded_files u join form_submissions s on s.client_id = u.client_id and s.id = u.submission_id order by s.id`);
    expect(files).toEqual([
      { kind: 'ImmediateProduct', purpose: 'RollFile', media_type: 'application/pdf' },
      { kind: 'ImperfectionOosterwolde', purpose: 'Photo', media_type: 'image/png' },
    ]);
  });

  it('keeps what the staff did: assignments, notes and an answer, in order', async () => {
    const events = await rows<{ event: string }>('select event from inbox_events order by at, id');
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['Assigned', 'Status', 'Note', 'Answer']));
    const archived = await rows<{ body: string }>(`select e.body from inbox_events e join form_submissions s on s.client_id = e.client_id and s.id = e.item_id
      where e.event = 'Answer' and s.status = 'Archived'`);
    expect(archived).toHaveLength(1);
  });

  it('tells each item’s history in time order: the receipt first, then every act after it', async () => {
    const items = await rows<{ id: number; received: string; acts: string[] }>(`
      select s.id, s.created_at::text as received,
             coalesce(array_agg(e.at::text order by e.id) filter (where e.id is not null), '{}') as acts
      from form_submissions s left join inbox_events e on e.client_id = s.client_id and e.item_kind = 'Submission' and e.item_id = s.id
      group by s.id, s.created_at order by s.id`);
    expect(items.some((item) => item.acts.length > 0)).toBe(true);
    for (const item of items) {
      // Written one after another, the acts' moments never go back, and none comes before the item arrived.
      const moments = [item.received, ...item.acts].map((at) => Date.parse(at.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')));
      expect(moments, `submission ${item.id}`).toEqual([...moments].sort((a, b) => a - b));
    }
  });

  it('lets each demo staff member log in with the printed key', async () => {
    for (const staff of demoStaff) {
      const res = await call(ctx, backofficeAuthCalls.login, {
        body: { emailAddress: staff.emailAddress, password: DEMO_PASSWORD, pin: await generate({ secret: staff.totpSecret }) },
        remoteAddress: freshAddress(),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ staff: { role: string } }>().staff.role).toBe(staff.role);
    }
  });
});
