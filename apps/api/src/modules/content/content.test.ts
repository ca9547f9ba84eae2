import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calls, validation } from '@portal/contract';
import { contentBlocks, faqItems, memos } from '../../db/schema.js';
import { auditRows, call, createAccount, createClient, createTestContext, mailsTo, type TestContext } from '../../test/harness.js';
import { expectFieldErrors, login } from '../../test/auth-helpers.js';

let ctx: TestContext;
let token: string;
let clientCode: string;
let askerEmail: string;
const SERVICE = 'service@portal.test';
const hour = 3_600_000;
const at = (offsetHours: number) => new Date(Date.now() + offsetHours * hour);

beforeAll(async () => {
  ctx = await createTestContext();
  const client = await createClient(ctx, 'Apotheek De Linde');
  clientCode = client.clientCode;
  const account = await createAccount(ctx, client, { firstName: 'Sanne' });
  askerEmail = account.emailAddress;
  token = (await login(ctx, account)).accessToken;
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
});
afterAll(async () => {
  await ctx?.close();
});

describe('Memo/GetActiveMemos', () => {
  it('answers only the memos active now, newest first', async () => {
    const res = await call(ctx, calls.memo.getActiveMemos, { token });
    expect(res.statusCode).toBe(200);
    const items = res.json<{ memoId: number; title: string; text: string }[]>();
    expect(items.map((m) => m.title)).toEqual(['Nieuw portaal', 'Kerstrooster', 'Zonder einde']);
    expect(items[0]).toEqual({ memoId: expect.any(Number), title: 'Nieuw portaal', text: 'Welkom!' });
  });

  it('needs a token', async () => {
    expect((await call(ctx, calls.memo.getActiveMemos)).statusCode).toBe(401);
  });
});

describe('Faq/GetFaqItems', () => {
  it('answers the items in their set order, html as written', async () => {
    const res = await call(ctx, calls.faq.getFaqItems, { token });
    expect(res.statusCode).toBe(200);
    const items = res.json<{ faqItemId: number; title: string; content: string }[]>();
    expect(items.map((f) => f.title)).toEqual(['Eerste', 'Tweede', 'Derde']);
    expect(items[1]).toEqual({ faqItemId: expect.any(Number), title: 'Tweede', content: '<p>twee <b>vet</b></p>' });
  });
});

describe('ContactDetails/Get', () => {
  it('answers an empty text while the provider has written none', async () => {
    const res = await call(ctx, calls.contactDetails.get, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: '' });
  });

  it('answers the stored text, line breaks kept', async () => {
    const body = 'Klantenservice\nTelefoon 088 123 45 67\nservice@mijnspits.nl';
    await ctx.database.ownerDb.insert(contentBlocks).values({ key: 'contactDetails', body });
    const res = await call(ctx, calls.contactDetails.get, { token });
    expect(res.json()).toEqual({ text: body });
  });
});

describe('Forms/AskNonFaqQuestion', () => {
  const ask = (body: unknown, bearer: string | null = token) =>
    call(ctx, calls.forms.askNonFaqQuestion, { body, token: bearer ?? undefined });

  it('stores the question and mails it to the service address', async () => {
    const question = 'Kunnen wij de rollen ook op zaterdag ontvangen?\nGroet, Sanne';
    const res = await ask({ question: `  ${question}  ` });
    expect(res.statusCode, res.body).toBe(204);

    const stored = await ctx.database.ownerDb.execute<{ kind: string; payload: unknown; status: string; account_id: number; id: number }>(
      sql`select id, kind, payload, status, account_id from form_submissions order by id`,
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]).toMatchObject({ kind: 'NonFaqQuestion', payload: { question }, status: 'New' });

    const mails = await mailsTo(ctx, SERVICE);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Vraag van Apotheek De Linde (${clientCode}) via Mijn Spits`);
    expect(mail.textBody).toContain(`Klant: Apotheek De Linde (${clientCode})`);
    expect(mail.textBody).toContain(`Gesteld door: Sanne Pieters <${askerEmail}>`);
    expect(mail.textBody).toContain(question);
    expect(mail.textBody).toContain(`Referentie: vraag ${stored.rows[0]!.id}`);

    const audit = await auditRows(ctx, 'FormSubmission');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ outcome: 'Success', account_id: stored.rows[0]!.account_id });
  });

  it.each([{}, { question: '' }, { question: '   ' }, { question: null }])(
    "refuses %j with 'Dit veld is verplicht' and stores nothing",
    async (body) => {
      const before = (await mailsTo(ctx, SERVICE)).length;
      expectFieldErrors(await ask(body), 'question', [validation.required]);
      expect(await mailsTo(ctx, SERVICE)).toHaveLength(before);
    },
  );

  it('refuses a question that is too long or not text', async () => {
    expectFieldErrors(await ask({ question: 'x'.repeat(4001) }), 'question', [validation.tooLong(4000)]);
    expectFieldErrors(await ask({ question: 42 }), 'question', [validation.required]);
  });

  it('refuses text the database cannot store with a 400, not a 500', async () => {
    expectFieldErrors(await ask({ question: 'a\u0000b' }), 'question', [validation.invalidValue]);
    const loneSurrogate = await ctx.app.inject({
      method: 'POST',
      url: calls.forms.askNonFaqQuestion.path,
      payload: '{"question":"a\\ud800b"}',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expectFieldErrors(loneSurrogate, 'question', [validation.invalidValue]);
  });

  it('needs a token', async () => {
    const before = (await mailsTo(ctx, SERVICE)).length;
    expect((await ask({ question: 'Hallo?' }, null)).statusCode).toBe(401);
    expect(await mailsTo(ctx, SERVICE)).toHaveLength(before);
  });
});
