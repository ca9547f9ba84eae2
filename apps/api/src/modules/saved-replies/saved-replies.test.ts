import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeAuditCalls, backofficeSavedReplyCalls as replies, savedReplyText, type AuditRow, type SavedReply, type TableResponse } from '@portal/contract';
import { expectFieldErrors, expectProblem, login } from '../../test/auth-helpers.js';
import { call, createAccount, createCustomer, createTestContext, type TestContext } from '../../test/harness.js';
import { createStaff, staffLogin, staffToken } from '../backoffice/test-support.js';
import { auditOf } from '../inbox/test-support.js';

let ctx: TestContext;
let beheerder: string;
let beheerderId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = await createStaff(ctx, 'Beheerder');
  beheerderId = staff.id;
  beheerder = (await staffLogin(ctx, staff)).accessToken;
});
afterAll(async () => {
  await ctx?.close();
});

const valid = { name: 'Ontvangen', kinds: ['NonFaqQuestion', 'Photo'], subject: 'Uw vraag {referentie}', text: 'Beste {naam},\n\nMet vriendelijke groet,\n{medewerker}' };
const save = (token: string, body: Record<string, unknown>) => call(ctx, replies.save, { token, body });
const list = async (token: string) => {
  const res = await call(ctx, replies.list, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SavedReply[]>();
};

describe('saved replies', () => {
  it('are kept by the Beheerder, each change and removal audited', async () => {
    const created = await save(beheerder, valid);
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ id: number }>();
    expect(await list(beheerder)).toEqual([{ id, ...valid }]);

    const changed = await save(beheerder, { ...valid, id, name: 'Alle soorten', kinds: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await list(beheerder)).toEqual([{ id, ...valid, name: 'Alle soorten', kinds: null }]);

    expect((await call(ctx, replies.delete, { token: beheerder, body: { id } })).statusCode).toBe(204);
    expect(await list(beheerder)).toEqual([]);
    expectProblem(await call(ctx, replies.delete, { token: beheerder, body: { id } }), 404);

    const saves = (await auditOf(ctx, 'Backoffice.SavedReplySave')).filter((row) => row.object_id === String(id));
    expect(saves.map((row) => [row.staff_id, row.details])).toEqual([
      [beheerderId, { name: 'Ontvangen', kinds: ['NonFaqQuestion', 'Photo'] }],
      [beheerderId, { name: 'Alle soorten', kinds: 'all' }],
    ]);
    expect((await auditOf(ctx, 'Backoffice.SavedReplyDelete')).map((row) => [row.object_id, row.details])).toEqual([[String(id), { name: 'Alle soorten' }]]);
    // The Logboek names the saved reply as the Beheerder knows it, not by its number.
    const logged = await call(ctx, backofficeAuditCalls.getTable, {
      token: beheerder,
      body: { sortBy: 'at', descending: false, page: 1, rowsPerPage: 20, search: '', action: 'Backoffice.SavedReplyDelete' },
    });
    expect(logged.statusCode, logged.body).toBe(200);
    expect(logged.json<TableResponse<AuditRow>>().items.map((row) => row.objectName)).toEqual(['Alle soorten']);
  });

  it('are read by every staff role that answers, changed by none but the Beheerder, and by no customer', async () => {
    await save(beheerder, { ...valid, name: 'Voor iedereen zichtbaar' });
    for (const role of ['Klantenservice', 'Kwaliteit'] as const) {
      const token = await staffToken(ctx, role);
      expect((await list(token)).map((r) => r.name)).toContain('Voor iedereen zichtbaar');
      expectProblem(await save(token, { ...valid, name: `Van ${role}` }), 403);
      expectProblem(await call(ctx, replies.delete, { token, body: { id: 1 } }), 403);
    }
    const customer = await createCustomer(ctx, 'Apotheek Het Anker');
    const customerToken = (await login(ctx, await createAccount(ctx, customer))).accessToken;
    expect((await call(ctx, replies.list, { token: customerToken })).statusCode).toBe(401);
  });

  it('refuses bad input with Dutch messages at their fields', async () => {
    expectFieldErrors(await save(beheerder, { ...valid, name: '  ' }), 'name', [savedReplyText.nameRequired]);
    expectFieldErrors(await save(beheerder, { ...valid, kinds: [] }), 'kinds', [savedReplyText.kindsRequired]);
    expectFieldErrors(await save(beheerder, { ...valid, text: 'Beste {klantnaam}' }), 'text', [savedReplyText.unknownPlaceholder('klantnaam')]);
    expectProblem(await save(beheerder, { ...valid, kinds: ['Onbekend'] }), 400);
    await save(beheerder, { ...valid, name: 'Dubbel' });
    expectFieldErrors(await save(beheerder, { ...valid, name: 'DUBBEL' }), 'name', [savedReplyText.nameInUse]);
    expectProblem(await save(beheerder, { ...valid, id: 999_999, name: 'Nergens' }), 404);
  });
});
