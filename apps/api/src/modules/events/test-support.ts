import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { calls, wayBackCalls, type EventFeed, type IntegrationEvent, type IntegrationScope } from '@portal/contract';
import { call } from '../../test/harness.js';
import { clock, openForms, resetClock, rollRequestBody, type FormsContext } from '../request-forms/test-support.js';
import { createIntegration, type TestIntegration } from '../integration/test-support.js';

/**
 * The way back's tests: the forms' world (a customer whose account files, another customer), its patient and
 * department given the provider's keys, and an integration client of the scopes a test names.
 */
export interface WayBackWorld extends FormsContext {
  erp: TestIntegration;
}

export const PATIENT_KEY = 'PAT-0042';
export const DEPARTMENT_KEY = 'AFD-A';

export async function openWayBack(scopes: IntegrationScope[] = ['orders:read', 'submissions:read', 'orders:write', 'submissions:write']): Promise<WayBackWorld> {
  const forms = await openForms();
  const db = forms.ctx.database.ownerDb;
  await db.execute(sql`update patients set external_key = ${PATIENT_KEY} where client_id = ${forms.client.id} and id = ${forms.client.patientId}`);
  await db.execute(sql`update facilities set external_key = ${DEPARTMENT_KEY} where client_id = ${forms.client.id} and id = ${forms.client.departmentId}`);
  return { ...forms, erp: await integrationNow(forms, scopes) };
}

/**
 * An integration client with a token made at the real time: the forms' world runs on a fixed day, but a token is
 * checked against the real clock (it lives ten minutes).
 */
export async function integrationNow(forms: FormsContext, scopes: IntegrationScope[], name?: string): Promise<TestIntegration> {
  clock.now = new Date();
  try {
    return await createIntegration(forms.ctx, scopes, name);
  } finally {
    resetClock();
  }
}

/** One page of the feed, as the client asks for it. */
export async function readFeed(world: WayBackWorld, query: Record<string, string> = {}, token = world.erp.token): Promise<EventFeed> {
  const res = await call(world.ctx, wayBackCalls.events, { token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventFeed>();
}

/** Every event after `after`, page by page as a poller reads them; with the cursor to go on from. */
export async function readAll(world: WayBackWorld, after = '0', token = world.erp.token): Promise<{ events: IntegrationEvent[]; next: string }> {
  const events: IntegrationEvent[] = [];
  let cursor = after;
  for (;;) {
    const page = await readFeed(world, { after: cursor, limit: '2' }, token);
    events.push(...page.events);
    cursor = page.next;
    if (!page.hasMore) return { events, next: cursor };
  }
}

/** Files a roll request for the customer's patient; answers its reference. */
export async function fileRollRequest(world: WayBackWorld, changes: Record<string, unknown> = {}): Promise<string> {
  const res = await call(world.ctx, calls.forms.requestImmediateProduct, { token: world.token, body: rollRequestBody(world.client.patientId, changes) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ reference: string }>().reference;
}
