import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backofficeInboxCalls, calls, type IntegrationEvent, type IntegrationEventData } from '@portal/contract';
import { call } from '../../test/harness.js';
import { colleague } from '../inbox/test-support.js';
import { reportVariantCases } from '../imperfection-reports/test-support.js';
import { insertServiceProducts } from '../service-products/test-support.js';
import { day, uploadAs } from '../request-forms/test-support.js';
import { DEPARTMENT_KEY, fileRollRequest, openWayBack, PATIENT_KEY, readAll, type WayBackWorld } from './test-support.js';

/** Issue 29.1: the event feed, read as a provider's system polls it. */
let world: WayBackWorld;
beforeAll(async () => {
  world = await openWayBack();
});
afterAll(() => world.ctx.close());

const file = (def: (typeof calls.forms)[keyof typeof calls.forms], body: unknown) =>
  call(world.ctx, def, { token: world.token, body }).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ reference: string }>().reference;
  });

describe('a roll request in the feed', () => {
  let event: Extract<IntegrationEvent, { type: 'submission.created' }>;
  beforeAll(async () => {
    const { next } = await readAll(world);
    const upload = await uploadAs(world.ctx, world.token, Buffer.from('rolbestand\n'), 'rollen.txt');
    const reference = await fileRollRequest(world, { fileGuid: upload.fileGuid });
    const { events } = await readAll(world, next);
    expect(events.map((e) => [e.type, (e.data as { reference: string }).reference])).toEqual([['submission.created', reference]]);
    event = events[0] as typeof event;
  });

  it("names the customer, patient and department by the provider's keys, dates as ISO and the form's fields", () => {
    const data = event.data as IntegrationEventData<'submission.created'> & { kind: 'ImmediateProduct' };
    expect(data).toMatchObject({
      kind: 'ImmediateProduct',
      title: 'Aanvraag rollen',
      status: 'New',
      customer: { code: world.clientCode, name: 'Apotheek De Linde' },
      submittedBy: { kind: 'account', name: 'Sanne Pieters', email: world.submitterEmail },
      patient: { key: PATIENT_KEY, name: 'Jan Jansen', birthDate: '1940-05-01' },
      department: { key: DEPARTMENT_KEY, name: 'Afdeling A' },
      fields: { department: 'Afdeling A', extraScrollIsHolidayScroll: false, startDate: day(6), amountOfDays: 14, receiveReturnCall: false },
    });
    expect(data.fields).not.toHaveProperty('patientId');
    expect(data.fields).not.toHaveProperty('fileGuid');
    expect(new Date(String(data.submittedAt)).toISOString()).toBe(data.submittedAt);
    expect(event.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('links the uploaded file, which the client reads with its token', async () => {
    const [linked] = (event.data as IntegrationEventData<'submission.created'>).files;
    expect(linked).toMatchObject({ field: 'fileGuid', fileName: 'rollen.txt', mediaType: 'text/plain', bytes: 11 });
    const res = await world.ctx.app.inject({ method: 'GET', url: linked!.href, headers: { authorization: `Bearer ${world.erp.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('rolbestand\n');
  });

  it('audits the read per patient, naming the client (NEN 7513)', async () => {
    const rows = await world.ctx.database.ownerDb.execute<{ actor_kind: string; actor_id: string; patients: { key: string; name: string }[] }>(sql`
      select actor_kind, actor_id, patients from audit_log where action = 'Integration.EventsRead' and client_id = ${world.client.id} order by id desc limit 1`);
    expect(rows.rows[0]).toMatchObject({ actor_kind: 'Integration', actor_id: world.erp.clientId, patients: [{ key: PATIENT_KEY, name: 'Jan Jansen' }] });
  });
});

describe('every kind of event, once, in order', () => {
  it('feeds each submission kind, a service order, and the status changes and answers of staff and client', async () => {
    const { next } = await readAll(world);
    const { patientId } = world.client;
    const references = [
      await file(calls.forms.askNonFaqQuestion, { question: 'Wanneer komt de nieuwe rol?' }),
      await file(calls.forms.requestNewProduct, { drugName: 'Metformine', drugStrength: '500 mg', consumptionPerWeek: '14', amountOfPatients: 2, ziNumber: null, reason: 'Nieuw' }),
      await file(calls.forms.requestOfflineAssortment, { newDepartment: true, cureSet: false, medicationSet: false }),
      await file(calls.forms.requestPhoto, { patientId, department: 'Afdeling A', swallowDateTime: `${day(-1)}T08:00:00`, drugName: 'Metformine', reasonOfRequest: 'Controle' }),
      await fileRollRequest(world),
      await file(calls.forms.reportImperfectionInceptionOosterwolde, reportVariantCases.Oosterwolde.valid(patientId)),
    ];
    const products = await insertServiceProducts(world.ctx, [{ articleCode: 'ETK-01', name: 'Etiketten', description: 'Rol etiketten', price: 12.5 }]);
    const order = await call(world.ctx, calls.serviceProductOrder.addServiceProductOrder, { token: world.token, body: { orderRows: [{ serviceProductId: products['ETK-01'], amount: 3 }] } });
    expect(order.statusCode, order.body).toBe(200);
    const orderId = order.json<{ serviceProductOrderId: number }>().serviceProductOrderId;

    const staff = await colleague(world.ctx, 'Klantenservice', 'Karin');
    const question = Number(references[0]!.slice(-6));
    const inbox = (def: typeof backofficeInboxCalls.setStatus | typeof backofficeInboxCalls.answer, body: Record<string, unknown>) =>
      call(world.ctx, def, { token: staff.token, body }).then((res) => expect(res.statusCode, res.body).toBe(204));
    await inbox(backofficeInboxCalls.setStatus, { itemKind: 'Submission', id: question, status: 'Processing' });
    await inbox(backofficeInboxCalls.answer, { itemKind: 'Submission', id: question, subject: 'Uw vraag', text: 'Morgen.' });
    await inbox(backofficeInboxCalls.setStatus, { itemKind: 'ServiceOrder', id: orderId, status: 'Processing' });
    const orderEvents = await readAll(world, next);
    const orderReference = (orderEvents.events.find((e) => e.type === 'serviceOrder.created')!.data as { reference: string }).reference;
    const answered = await world.ctx.app.inject({
      method: 'POST',
      url: `/api/integration/v1/service-orders/${orderReference}/answers`,
      headers: { authorization: `Bearer ${world.erp.token}` },
      payload: { text: 'Verzonden.' },
    });
    expect(answered.statusCode, answered.body).toBe(200);

    const { events } = await readAll(world, next);
    expect(events.map((e) => `${e.type} ${(e.data as { kind?: string }).kind ?? ''}`.trim())).toEqual([
      'submission.created NonFaqQuestion',
      'submission.created NewProduct',
      'submission.created OfflineAssortment',
      'submission.created Photo',
      'submission.created ImmediateProduct',
      'submission.created ImperfectionOosterwolde',
      'serviceOrder.created',
      'submission.statusChanged NonFaqQuestion',
      'submission.answered NonFaqQuestion',
      'serviceOrder.statusChanged',
      'serviceOrder.answered',
    ]);
    const positions = events.map((e) => e.position);
    expect(positions).toEqual(positions.map((_, i) => positions[0]! + i));
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(events[7]!.data).toMatchObject({ reference: references[0], status: 'Processing', previousStatus: 'New', changedBy: { kind: 'staff', name: expect.stringContaining('Karin') } });
    expect(events[10]!.data).toMatchObject({ reference: orderReference, text: 'Verzonden.', answeredBy: { kind: 'integration', name: 'ERP Test' } });
    expect(events[6]!.data).toMatchObject({ lines: [{ lineNo: 1, articleCode: 'ETK-01', name: 'Etiketten', amount: 3, price: 12.5, total: 37.5 }], totalPrice: 37.5 });
  });
});
