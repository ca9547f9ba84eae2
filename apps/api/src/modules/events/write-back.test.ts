import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backofficeInboxCalls, inboxText, myRequestCalls, type InboxDetail, type MyRequestRow, type TableResponse } from '@portal/contract';
import { call, mailsTo } from '../../test/harness.js';
import { colleague } from '../inbox/test-support.js';
import { fileRollRequest, integrationNow, openWayBack, readAll, type WayBackWorld } from './test-support.js';

/** Issue 29.3: the provider's systems set a status and answer, as the back-office's staff do. */
let world: WayBackWorld;
beforeAll(async () => {
  world = await openWayBack();
});
afterAll(() => world.ctx.close());

function writeBack(path: string, body: unknown, options: { token?: string; key?: string } = {}) {
  return world.ctx.app.inject({
    method: 'POST',
    url: `/api/integration/v1/${path}`,
    headers: { authorization: `Bearer ${options.token ?? world.erp.token}`, ...(options.key ? { 'idempotency-key': options.key } : {}) },
    payload: body as object,
  });
}

async function myRequest(reference: string): Promise<MyRequestRow> {
  const res = await call(world.ctx, myRequestCalls.getMyRequestTable, { token: world.token, body: { rowsPerPage: 100 } });
  expect(res.statusCode, res.body).toBe(200);
  const row = res.json<TableResponse<MyRequestRow>>().items.find((item) => item.itemKind === 'Submission' && item.id === Number(reference.slice(-6)));
  expect(row, reference).toBeDefined();
  return row!;
}

describe('a status written back', () => {
  it("reaches the customer's screen, the item's history and the feed, naming the client", async () => {
    const reference = await fileRollRequest(world);
    const { next } = await readAll(world);
    const res = await writeBack(`submissions/${reference}/status`, { status: 'Processing' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ reference, status: 'Processing' });
    expect((await myRequest(reference)).status).toBe('Processing');
    const history = await world.ctx.database.ownerDb.execute<{ event: string; integration_client_id: string; staff_id: number | null }>(sql`
      select event, integration_client_id, staff_id from inbox_events where client_id = ${world.client.id} and item_id = ${Number(reference.slice(-6))}`);
    expect(history.rows).toEqual([{ event: 'Status', integration_client_id: world.erp.clientId, staff_id: null }]);
    const staff = await colleague(world.ctx, 'Klantenservice');
    const detail = await call(world.ctx, backofficeInboxCalls.getItem, { token: staff.token, query: { ItemKind: 'Submission', Id: reference.slice(-6) } });
    expect(detail.json<InboxDetail>().history.map((e) => [e.event, e.staffName])).toEqual([
      ['Received', null],
      ['Status', 'Koppeling ERP Test'],
    ]);
    const { events } = await readAll(world, next);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['submission.statusChanged', expect.objectContaining({ reference, status: 'Processing', previousStatus: 'New', changedBy: { kind: 'integration', name: 'ERP Test', email: null } })],
    ]);
    const audit = await world.ctx.database.ownerDb.execute<{ actor_kind: string; actor_id: string; patients: unknown[] }>(sql`
      select actor_kind, actor_id, patients from audit_log where action = 'Integration.InboxStatus' order by id desc limit 1`);
    expect(audit.rows[0]).toMatchObject({ actor_kind: 'Integration', actor_id: world.erp.clientId, patients: [expect.objectContaining({ name: 'Jan Jansen' })] });
  });

  it('answers the same status again as it is, refuses a step the inbox does not allow, and an unknown value', async () => {
    const reference = await fileRollRequest(world);
    expect((await writeBack(`submissions/${reference}/status`, { status: 'Processing' })).statusCode).toBe(200);
    expect((await writeBack(`submissions/${reference}/status`, { status: 'Processing' })).json()).toEqual({ reference, status: 'Processing' });
    const back = await writeBack(`submissions/${reference}/status`, { status: 'New' });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toMatchObject({ errors: { status: [inboxText.transitionRefused] } });
    expect((await writeBack(`submissions/${reference}/status`, { status: 'Klaar' })).statusCode).toBe(400);
    expect((await writeBack(`submissions/${reference}/status`, { status: 'Archived', extra: 1 })).statusCode).toBe(400);
  });

  it('answers 404 for a reference of no item, of another year or of the other kind, and 400 for one that is no reference', async () => {
    const reference = await fileRollRequest(world);
    const otherYear = reference.replace(/-\d{4}-/, '-1999-');
    const asReport = reference.replace(/^AAN/, 'MEL');
    for (const path of [`submissions/AAN-2026-999999/status`, `submissions/${otherYear}/status`, `submissions/${asReport}/status`]) {
      expect((await writeBack(path, { status: 'Processing' })).statusCode, path).toBe(404);
    }
    const notReference = await writeBack('submissions/12/status', { status: 'Processing' });
    expect(notReference.statusCode).toBe(400);
    expect(notReference.body).toContain('verwacht AAN-JJJJ-NNNNNN');
    expect((await writeBack(`service-orders/${reference}/status`, { status: 'Processing' })).statusCode).toBe(400);
  });

  it('needs submissions:write for a submission, and orders:write for a service order', async () => {
    const reference = await fileRollRequest(world);
    const reader = await integrationNow(world, ['submissions:read', 'orders:write'], 'Alleen lezen');
    expect((await writeBack(`submissions/${reference}/status`, { status: 'Processing' }, { token: reader.token })).statusCode).toBe(403);
    expect((await myRequest(reference)).status).toBe('New');
  });
});

describe('an answer written back', () => {
  it('is mailed to the submitter and shown under Mijn aanvragen en meldingen, once for a retried request', async () => {
    const reference = await fileRollRequest(world);
    const before = (await mailsTo(world.ctx, world.submitterEmail)).length;
    const answer = { text: 'De extra rol gaat morgen mee met de vaste levering.' };
    const first = await writeBack(`submissions/${reference}/answers`, answer, { key: `answer-${reference}` });
    expect(first.statusCode, first.body).toBe(200);
    const retry = await writeBack(`submissions/${reference}/answers`, answer, { key: `answer-${reference}` });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');

    const mails = (await mailsTo(world.ctx, world.submitterEmail)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(reference);
    expect((await myRequest(reference)).answers).toEqual([expect.objectContaining({ subject: `Uw aanvraag rollen ${reference}`, text: answer.text })]);
  });

  it('keeps the subject the client gives, and refuses an empty text with the field named', async () => {
    const reference = await fileRollRequest(world);
    expect((await writeBack(`submissions/${reference}/answers`, { subject: 'Levering', text: 'Komt eraan.' })).statusCode).toBe(200);
    expect((await myRequest(reference)).answers.map((a) => a.subject)).toEqual(['Levering']);
    const empty = await writeBack(`submissions/${reference}/answers`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['text']);
  });

});
