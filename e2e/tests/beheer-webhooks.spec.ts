import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { backofficeWebhookCalls, calls, webhookScreenText as t, type TableResponse, type WebhookDeliveryRow } from '@portal/contract';
import type { APIRequestContext } from '@playwright/test';
import { PortalApi } from '../support/api.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { freshStaff, staffLoginViaApi } from '../support/backoffice.js';
import { freshCustomer, horizontalOverflow } from '../support/customers.js';
import { ProviderSystem } from '../support/integration.js';
import { saveScreen } from '../support/screens.js';
import { expect, test } from '../support/test.js';
import { expectScreen, sideMenu } from '../support/ui.js';

const phone = { width: 412, height: 915 };

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The provider's receiver on this machine: it answers 204 to what it is sent, and can be stopped and started on its port. */
class Receiver {
  readonly received: Received[] = [];
  private server: Server | null = null;
  port = 0;

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  /** The webhook-id of the event about `reference`, once it came. */
  idOf(reference: string): string | undefined {
    const hit = this.received.find((r) => (JSON.parse(r.body) as { data?: { reference?: string } }).data?.reference === reference);
    return hit?.headers['webhook-id'] as string | undefined;
  }
}

/** Standard Webhooks' signature, computed here apart from the server's code. */
function signedWith(secret: string, { headers, body }: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
  return String(headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

async function fileQuestion(request: APIRequestContext, portal: PortalApi, question: string): Promise<string> {
  const asked = await request.post(calls.forms.askNonFaqQuestion.path, {
    headers: { authorization: `Bearer ${portal.accessToken}`, 'Idempotency-Key': randomUUID() },
    data: { question },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  return ((await asked.json()) as { reference: string }).reference;
}

test('the Beheerder adds a webhook in Koppelingen, sees it delivered, failing while the receiver is down, and delivered again after a replay (issue 29.10)', async ({
  page,
  request,
}, testInfo) => {
  const receiver = new Receiver();
  await receiver.start();
  try {
    const tag = randomBytes(3).toString('hex');
    const clientName = `ERP Webhooks ${tag}`;
    // The client is made by the provider's command (create-integration); it reads the feed as well.
    const erp = await ProviderSystem.connect(request, clientName);
    let cursor = '0';
    for (let feed = await erp.events(cursor); ; feed = await erp.events(cursor)) {
      cursor = feed.next;
      if (!feed.hasMore) break;
    }
    const customer = await freshCustomer(request, 'webhooks');
    const portal = await PortalApi.login(request, customer.administrator.email, customer.administrator.password);
    const beheerder = await freshStaff(request, 'Beheerder', 'webhooks', 'Wim');
    const session = await staffLoginViaApi(page, beheerder);
    const staffHeaders = { authorization: `Bearer ${session.accessToken}` };
    /** The delivery of an event to our endpoint as the server has it now: what the screen is waited for. */
    const deliveryOf = async (endpointId: string, eventId: string) => {
      const answer = await page.request.post(backofficeWebhookCalls.listDeliveries.path, { headers: staffHeaders, data: { endpointId, rowsPerPage: 100 } });
      return ((await answer.json()) as TableResponse<WebhookDeliveryRow>).items.find((d) => d.eventId === eventId);
    };

    await page.goto('/beheer/inbox');
    await sideMenu(page).getByRole('link', { name: 'Koppelingen' }).click();
    // Koppelingen opens on its first tab, which names the screen once there.
    await expect(page).toHaveURL(/\/beheer\/koppelingen\/importruns$/);
    await expectScreen(page, 'Importruns');
    await page.getByRole('tab', { name: /^Webhooks/ }).click();
    await expect(page).toHaveURL(/\/beheer\/koppelingen\/webhooks$/);
    await expectScreen(page, 'Webhooks');

    // The endpoint, made in the screen; its secret is shown this once.
    await page.getByRole('button', { name: t.add }).click();
    const dialog = page.getByRole('dialog', { name: t.add });
    await dialog.getByRole('combobox', { name: new RegExp(t.client) }).selectOption({ label: clientName });
    await expect(dialog.getByRole('checkbox')).toHaveCount(8);
    await dialog.getByRole('checkbox', { name: /\(submission\.created\)/ }).check();
    const url = `http://127.0.0.1:${receiver.port}/hook`;
    await dialog.getByRole('textbox', { name: /Adres \(URL\)/ }).fill(url);
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === backofficeWebhookCalls.createEndpoint.path);
    await dialog.getByRole('button', { name: t.create }).click();
    const { id: endpointId } = (await (await created).json()) as { id: string };
    const secretDialog = page.getByRole('dialog', { name: t.secretTitle });
    await expect(secretDialog).toContainText(t.secretText);
    const secret = (await secretDialog.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await saveScreen(page, testInfo, 'beheer-webhooks-secret');
    await secretDialog.getByRole('button', { name: t.secretKept }).click();
    await expect(secretDialog).toBeHidden();
    const card = page.getByRole('listitem', { name: url });
    await expect(card).toContainText(t.active);

    // A customer files a question: the receiver gets it, signed with the secret shown.
    const first = await fileQuestion(request, portal, `Webhookvraag ${tag} één`);
    await expect.poll(() => receiver.idOf(first)).toBeTruthy();
    const firstId = receiver.idOf(first)!;
    expect(signedWith(secret, receiver.received.find((r) => r.headers['webhook-id'] === firstId)!)).toBe(true);
    await expect.poll(async () => (await deliveryOf(endpointId, firstId))?.status).toBe('delivered');
    await card.getByRole('button', { name: t.showDeliveries }).click();
    await expect(page).toHaveURL(new RegExp(`endpoint=${endpointId}`));
    const table = page.getByRole('table', { name: t.deliveriesTitle });
    await expect(table.getByRole('row').filter({ hasText: firstId })).toContainText('Afgeleverd');
    await expectNoSeriousA11yViolations(page, '/beheer/koppelingen/webhooks');
    await saveScreen(page, testInfo, 'beheer-webhooks');

    // The receiver is down: the next delivery fails, with its attempt, and the endpoint shows it.
    await receiver.stop();
    const second = await fileQuestion(request, portal, `Webhookvraag ${tag} twee`);
    // The receiver heard nothing: the event's id is read from the feed.
    const secondId = (await erp.events(cursor)).events.find((e) => e.type === 'submission.created' && e.data.reference === second)?.id;
    expect(secondId).toBeTruthy();
    await expect.poll(async () => (await deliveryOf(endpointId, secondId!))?.lastError ?? null).not.toBeNull();
    const failing = (await deliveryOf(endpointId, secondId!))!;
    expect(failing.status).toBe('pending');
    await page.reload();
    await expect(page.getByRole('tab', { name: /Webhooks \(\d+ faalt\)/ })).toBeVisible();
    await expect(card).toContainText('faalt sinds');
    const failingRow = table.getByRole('row').filter({ hasText: failing.eventId });
    await expect(failingRow).toContainText('Wacht op aflevering');
    await expect(failingRow).toContainText(failing.lastError!);
    await failingRow.getByRole('button', { name: new RegExp(`^${t.showAttempts}`) }).click();
    const attempts = page.getByRole('dialog', { name: /Pogingen van/ });
    await expect(attempts.getByRole('row').nth(1)).toContainText(failing.lastError!);
    await saveScreen(page, testInfo, 'beheer-webhooks-attempts');
    await attempts.getByRole('button', { name: t.close }).click();
    await saveScreen(page, testInfo, 'beheer-webhooks-failing');
    await page.setViewportSize(phone);
    await expect(card).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await saveScreen(page, testInfo, 'beheer-webhooks-failing-phone');
    await page.setViewportSize({ width: 1366, height: 900 });

    // Up again, and replayed: delivered, with the same webhook-id.
    await receiver.start();
    const before = receiver.received.filter((r) => r.headers['webhook-id'] === failing.eventId).length;
    const replayed = page.waitForResponse((r) => new URL(r.url()).pathname === backofficeWebhookCalls.replayDelivery.path);
    await failingRow.getByRole('button', { name: new RegExp(`^${t.replay}`) }).click();
    expect((await replayed).status()).toBe(204);
    await expect(page.getByText(t.replayed)).toBeVisible();
    await expect.poll(() => receiver.received.filter((r) => r.headers['webhook-id'] === failing.eventId).length).toBeGreaterThan(before);
    await expect.poll(async () => (await deliveryOf(endpointId, failing.eventId))?.status).toBe('delivered');
    await page.reload();
    await expect(table.getByRole('row').filter({ hasText: failing.eventId })).toContainText('Afgeleverd');
    await expect(card).toContainText(t.active);
    await saveScreen(page, testInfo, 'beheer-webhooks-replayed');
    await page.setViewportSize(phone);
    await expect(card).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await saveScreen(page, testInfo, 'beheer-webhooks-phone');
  } finally {
    await receiver.stop();
  }
});
