import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backofficeOwnCalls as own } from '@portal/contract';
import { call, mailsTo } from '../../test/harness.js';
import { InboxDigest } from './digest.js';
import { insertSubmission, openInbox, type InboxWorld } from './test-support.js';

/** Issue 30.6: the daily overview of the inbox, by each staff member's own choice. */
let world: InboxWorld;
beforeAll(async () => {
  world = await openInbox();
});
afterAll(() => world.ctx.close());

/** Wednesday 25 November 2026, at an hour in the Netherlands. */
const wednesday = (hour: number) => new Date(Date.UTC(2026, 10, 25, hour - 1));
const digestAt = (moment: Date) => new InboxDigest(world.ctx.database.ownerDb, { publicUrl: 'http://portal.test', hour: 7, clock: () => moment, mailQueued: () => undefined });

describe('the daily overview', () => {
  it('is each staff member’s own choice, off until they choose it', async () => {
    const { Klantenservice: karim } = world.staff;
    expect((await call(world.ctx, own.getSettings, { token: karim.token })).json()).toEqual({ digestMails: false });
    expect((await call(world.ctx, own.setSettings, { token: karim.token, body: { digestMails: true } })).statusCode).toBe(204);
    expect((await call(world.ctx, own.getSettings, { token: karim.token })).json()).toEqual({ digestMails: true });
    expect((await call(world.ctx, own.getSettings, { token: world.staff.Beheerder.token })).json()).toEqual({ digestMails: false });
    expect((await call(world.ctx, own.setSettings, { token: karim.token, body: { digestMails: 'ja' } })).statusCode).toBe(400);
  });

  it('goes once a working day from seven, with the counts as the role sees the inbox and no content', async () => {
    const { Klantenservice: karim, Kwaliteit: kees } = world.staff;
    await call(world.ctx, own.setSettings, { token: kees.token, body: { digestMails: true } });
    await insertSubmission(world.ctx, world.linde, 'NonFaqQuestion', { question: 'Over Jan Jansen' }, { createdAt: new Date(Date.UTC(2026, 10, 18)) });
    await insertSubmission(world.ctx, world.linde, 'NonFaqQuestion', { question: 'Nog een' }, { assigneeId: karim.id, createdAt: new Date(Date.UTC(2026, 10, 24)) });
    await insertSubmission(world.ctx, world.baken, 'ImperfectionOosterwolde', { department: 'A' }, { createdAt: new Date(Date.UTC(2026, 10, 24)) });
    // Late by its form's date although only a day old: the rolls had to be there by Wednesday.
    await insertSubmission(world.ctx, world.linde, 'ImmediateProduct', { receiveDate: '2026-11-25' }, { createdAt: new Date(Date.UTC(2026, 10, 24)) });
    // Late by the Beheerder's service time of 24 hours, where the default of 72 would not be.
    await world.ctx.database.ownerDb.execute(sql`insert into inbox_service_times (kind, hours) values ('ImperfectionOosterwolde', 24)`);
    await insertSubmission(world.ctx, world.baken, 'NonFaqQuestion', { question: 'Klaar' }, { status: 'Archived' });

    expect(await digestAt(wednesday(6)).runOnce()).toBe(0);
    expect(await digestAt(new Date(Date.UTC(2026, 10, 28, 9))).runOnce()).toBe(0);
    expect(await digestAt(wednesday(8)).runOnce()).toBe(2);
    expect(await digestAt(wednesday(10)).runOnce()).toBe(0);

    const [toKarim] = await mailsTo(world.ctx, karim.emailAddress);
    expect(toKarim!.subject).toBe('Inbox van vandaag: 3 items zonder behandelaar');
    expect(toKarim!.textBody).toContain('- 1 item aan u toegewezen en nog open');
    // The question of a week ago (48 hours), the roll request past its date and the report past its 24 hours; the
    // question of yesterday is not late.
    expect(toKarim!.textBody).toContain('- 3 items te laat (over de uiterste ontvangstdatum of de servicetijd)');
    expect(toKarim!.textBody).toContain('Openen: http://portal.test/beheer/inbox\n');
    expect(toKarim!.textBody).toContain('Alleen te laat: http://portal.test/beheer/inbox?overdue=1');
    expect(toKarim!.textBody).not.toContain('Jan Jansen');
    // Kwaliteit sees the imperfection reports alone.
    const [toKees] = await mailsTo(world.ctx, kees.emailAddress);
    expect(toKees!.subject).toBe('Inbox van vandaag: 1 item zonder behandelaar');
    expect(toKees!.textBody).toContain('- 1 item te laat');
    await world.ctx.database.ownerDb.execute(sql`delete from inbox_service_times where kind = 'ImperfectionOosterwolde'`);

    expect(await digestAt(new Date(Date.UTC(2026, 10, 26, 7))).runOnce()).toBe(2);
    await world.ctx.database.ownerDb.execute(sql`update staff_accounts set digest_mails = false where id = ${kees.id}`);
    expect(await digestAt(new Date(Date.UTC(2026, 10, 27, 7))).runOnce()).toBe(1);
  });
});
