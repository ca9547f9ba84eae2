import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calls, validation, type CallDefinition, submissionReference } from '@portal/contract';
import { contentBlocks, faqItems, memos } from '../../db/schema.js';
import { auditRows, call, createAccount, createCustomer, createTestContext, mailsTo } from '../../test/harness.js';
import { expectFieldErrors, login } from '../../test/auth-helpers.js';
import { useOpened } from '../../test/use-opened.js';

const SERVICE = 'service@portal.test';
const hour = 3_600_000;
const at = (offsetHours: number) => new Date(Date.now() + offsetHours * hour);

const content = useOpened(async () => {
  const ctx = await createTestContext();
  const client = await createCustomer(ctx, 'Apotheek De Linde');
  const account = await createAccount(ctx, client, { firstName: 'Sanne' });
  const token = (await login(ctx, account)).accessToken;
  await ctx.database.ownerDb.insert(memos).values([
    { title: 'Oud nieuws', text: 'verlopen', activeFrom: at(-48), activeUntil: at(-1) },
    { title: 'Kerstrooster', text: 'Let op de leverdagen.', activeFrom: at(-24), activeUntil: at(24) },
    { title: 'Nieuw portaal', text: 'Welkom!', activeFrom: at(-2), activeUntil: null },
    { title: 'Later', text: 'nog niet actief', activeFrom: at(2), activeUntil: null },
    { title: 'Zonder einde', text: 'al lang actief', activeFrom: at(-100), activeUntil: null },
  ]);
  await ctx.database.ownerDb.insert(faqItems).values([
    { sortOrder: 30, title: 'Derde', contentHtml: '<p>drie</p>' },
    { sortOrder: 10, title: 'Eerste', contentHtml: '<p>één</p>' },
    { sortOrder: 20, title: 'Tweede', contentHtml: '<p>twee <b>vet</b></p>' },
  ]);
  return { ctx, token, clientCode: client.clientCode, askerEmail: account.emailAddress };
});

/** The list a content call answers the customer's account. */
async function listed<Item>(def: CallDefinition): Promise<Item[]> {
  const res = await call(content.ctx, def, { token: content.token });
  expect(res.statusCode).toBe(200);
  return res.json<Item[]>();
}

describe('Memo/GetActiveMemos', () => {
  it('answers only the memos active now, newest first', async () => {
    const items = await listed<{ memoId: number; title: string; text: string }>(calls.memo.getActiveMemos);
    expect(items.map((m) => m.title)).toEqual(['Nieuw portaal', 'Kerstrooster', 'Zonder einde']);
    expect(items[0]).toEqual({ memoId: expect.any(Number), title: 'Nieuw portaal', text: 'Welkom!' });
  });

  it('needs a token', async () => {
    expect((await call(content.ctx, calls.memo.getActiveMemos)).statusCode).toBe(401);
  });
});

describe('Faq/GetFaqItems', () => {
  it('answers the items in their set order, html as written', async () => {
    const items = await listed<{ faqItemId: number; title: string; content: string }>(calls.faq.getFaqItems);
    expect(items.map((f) => f.title)).toEqual(['Eerste', 'Tweede', 'Derde']);
    expect(items[1]).toEqual({ faqItemId: expect.any(Number), title: 'Tweede', content: '<p>twee <b>vet</b></p>' });
  });
});

describe('ContactDetails/Get', () => {
  it('answers an empty text while the provider has written none', async () => {
    const res = await call(content.ctx, calls.contactDetails.get, { token: content.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: '' });
  });

  it('answers the stored text, line breaks kept', async () => {
    const body = 'Klantenservice\nTelefoon 088 123 45 67\nservice@mijnspits.nl';
    await content.ctx.database.ownerDb.insert(contentBlocks).values({ key: 'contactDetails', body });
    const res = await call(content.ctx, calls.contactDetails.get, { token: content.token });
    expect(res.json()).toEqual({ text: body });
  });
});

describe('Forms/AskNonFaqQuestion', () => {
  const ask = (body: unknown, bearer: string | null = content.token) =>
    call(content.ctx, calls.forms.askNonFaqQuestion, { body, token: bearer ?? undefined });

  it('stores the question and mails it to the service address', async () => {
    const question = 'Kunnen wij de rollen ook op zaterdag ontvangen?\nGroet, Sanne';
    const res = await ask({ question: `  ${question}  ` });
    expect(res.statusCode, res.body).toBe(200);

    const stored = await content.ctx.database.ownerDb.execute<{ kind: string; payload: unknown; status: string; account_id: number; id: number }>(
      sql`select id, kind, payload, status, account_id from form_submissions order by id`,
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]).toMatchObject({ kind: 'NonFaqQuestion', payload: { question }, status: 'New' });

    const mails = await mailsTo(content.ctx, SERVICE);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Vraag van Apotheek De Linde (${content.clientCode}) via Mijn Spits`);
    expect(mail.textBody).toContain(`Klant: Apotheek De Linde (${content.clientCode})`);
    expect(mail.textBody).toContain(`Gesteld door: Sanne Pieters <${content.askerEmail}>`);
    expect(mail.textBody).toContain(`Referentie: ${submissionReference('NonFaqQuestion', stored.rows[0]!.id, new Date())}`);
    // Deliberately changed (issue 30.3): the question is the customer's own text and may name a patient; the mail
    // links to it instead of quoting it.
    expect(mail.textBody).toContain(`Vraag: te lezen en te beantwoorden in Mijn Spits Beheer:\nhttp://portal.test/beheer/inbox/formulier/${stored.rows[0]!.id}`);
    expect(mail.textBody).not.toContain('zaterdag');

    const audit = await auditRows(content.ctx, 'FormSubmission');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ outcome: 'Success', account_id: stored.rows[0]!.account_id });
  });

  it.each([{}, { question: '' }, { question: '   ' }, { question: null }])(
    "refuses %j with 'Dit veld is verplicht' and stores nothing",
    async (body) => {
      const before = (await mailsTo(content.ctx, SERVICE)).length;
      expectFieldErrors(await ask(body), 'question', [validation.required]);
      expect(await mailsTo(content.ctx, SERVICE)).toHaveLength(before);
    },
  );

  it('refuses a question that is too long or not text', async () => {
    expectFieldErrors(await ask({ question: 'x'.repeat(4001) }), 'question', [validation.tooLong(4000)]);
    expectFieldErrors(await ask({ question: 42 }), 'question', [validation.required]);
  });

  it('refuses text the database cannot store with a 400, not a 500', async () => {
    expectFieldErrors(await ask({ question: 'a\u0000b' }), 'question', [validation.invalidValue]);
    const loneSurrogate = await content.ctx.app.inject({
      method: 'POST',
      url: calls.forms.askNonFaqQuestion.path,
      payload: '{"question":"a\\ud800b"}',
      headers: { authorization: `Bearer ${content.token}`, 'content-type': 'application/json' },
    });
    expectFieldErrors(loneSurrogate, 'question', [validation.invalidValue]);
  });

  it('needs a token', async () => {
    const before = (await mailsTo(content.ctx, SERVICE)).length;
    expect((await ask({ question: 'Hallo?' }, null)).statusCode).toBe(401);
    expect(await mailsTo(content.ctx, SERVICE)).toHaveLength(before);
  });
});
