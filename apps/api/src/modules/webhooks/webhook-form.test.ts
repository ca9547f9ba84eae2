import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationEvent } from '@portal/contract';
import { fileRollRequest, openWayBack, PATIENT_KEY, type WayBackWorld } from '../events/test-support.js';
import { webhookEndpointAdmin } from './endpoints.js';
import { startReceiver, testDispatcher, verifyStandardWebhook, type Receiver } from './test-support.js';

/** Issue 29.2: a form a customer files through the portal reaches the provider's receiver as a signed webhook. */
let world: WayBackWorld;
let hook: Receiver;
beforeAll(async () => {
  world = await openWayBack(['submissions:read']);
  hook = await startReceiver();
});
afterAll(async () => {
  await hook.close();
  await world.ctx.close();
});

describe('a roll request filed in the portal', () => {
  it("arrives as submission.created with the provider's keys, signed", async () => {
    const { secret } = await webhookEndpointAdmin.create(
      world.ctx.database.ownerDb,
      world.ctx.totpKey,
      { integrationClientId: world.erp.clientId, url: hook.url, eventTypes: ['submission.created', 'submission.answered'] },
      { allowHttp: false },
    );
    const reference = await fileRollRequest(world);

    expect(await testDispatcher(world.ctx, () => new Date()).runOnce()).toMatchObject({ attempted: 1 });

    const [request] = hook.received;
    const event = JSON.parse(request!.body) as IntegrationEvent;
    expect(event).toMatchObject({ type: 'submission.created', data: { reference, customer: { code: world.clientCode }, patient: { key: PATIENT_KEY } } });
    expect(request!.headers['webhook-id']).toBe(event.id);
    expect(await verifyStandardWebhook(secret, request!.headers, request!.body)).toBe(true);
  });
});
