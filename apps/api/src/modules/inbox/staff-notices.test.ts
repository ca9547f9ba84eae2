import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeInboxCalls as inbox } from '@portal/contract';
import { call, mailsTo } from '../../test/harness.js';
import { colleague, insertSubmission, openInbox, type Colleague, type InboxWorld } from './test-support.js';

/** Issue 30.6: staff are told by mail of an item given to them and of a note that mentions them. */
let world: InboxWorld;
let second: Colleague;
beforeAll(async () => {
  world = await openInbox();
  second = await colleague(world.ctx, 'Klantenservice', 'Karim');
});
afterAll(() => world.ctx.close());

const newMails = async (who: Colleague, before: number) => (await mailsTo(world.ctx, who.emailAddress)).slice(before);
const count = async (who: Colleague) => (await mailsTo(world.ctx, who.emailAddress)).length;

describe('assignment', () => {
  it('mails the colleague an item is given to, with its link and no content; not who takes it themselves', async () => {
    const { Klantenservice: karim, Beheerder: bea } = world.staff;
    const item = await insertSubmission(world.ctx, world.linde, 'NonFaqQuestion', { question: 'Hoe gaat het met Jan Jansen?' });
    const before = await count(karim);
    const res = await call(world.ctx, inbox.assign, { token: bea.token, body: { ...item, assigneeId: karim.id } });
    expect(res.statusCode, res.body).toBe(204);
    const [mail, ...more] = await newMails(karim, before);
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(/^Aan u toegewezen: AAN-\d{4}-\d{6}$/);
    expect(mail!.textBody).toContain('Bea');
    expect(mail!.textBody).toContain(`http://portal.test/beheer/inbox/formulier/${item.id}`);
    expect(mail!.textBody).not.toContain('Jan Jansen');

    const own = await count(bea);
    await call(world.ctx, inbox.assign, { token: bea.token, body: { ...item, assigneeId: bea.id } });
    expect(await count(bea)).toBe(own);
  });
});

describe('mentions in a note', () => {
  it('mails each colleague a note names by @first name (with the last name where first names are shared), once, and who may see the item only', async () => {
    const { Klantenservice: karim, Beheerder: bea, Kwaliteit: kees } = world.staff;
    const item = await insertSubmission(world.ctx, world.linde, 'NonFaqQuestion', { question: 'Vraag' });
    const counts = { bea: await count(bea), karim: await count(karim), second: await count(second), kees: await count(kees) };
    // Two colleagues are called Karim: '@Karim' alone names neither; Kees (Kwaliteit) may not see a question.
    const text = `@Bea kun jij kijken? @bea nog eens. @Karim en @Kees ook. @Niemand`;
    expect((await call(world.ctx, inbox.addNote, { token: karim.token, body: { ...item, text } })).statusCode).toBe(204);
    expect(await newMails(bea, counts.bea)).toEqual([expect.objectContaining({ subject: expect.stringMatching(/^U bent genoemd in een notitie bij AAN-/) })]);
    expect((await newMails(bea, counts.bea))[0]!.textBody).not.toContain('kun jij kijken');
    expect(await count(karim)).toBe(counts.karim);
    expect(await count(second)).toBe(counts.second);
    expect(await count(kees)).toBe(counts.kees);
  });
});
