import { expect, type APIRequestContext } from '@playwright/test';
import { integrationBasePath, type EventFeed, type ImportKind, type ImportRunSummary } from '@portal/contract';
import { createIntegration } from './cli.js';

/** A provider's system as the portal sees it: a client made by the CLI, then calls with its bearer token. */
export class ProviderSystem {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async connect(request: APIRequestContext, name: string): Promise<ProviderSystem> {
    const { clientId, clientSecret } = await createIntegration(name, 'all');
    const response = await request.post(`${integrationBasePath}/token`, {
      form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
    });
    expect(response.status()).toBe(200);
    return new ProviderSystem(request, ((await response.json()) as { access_token: string }).access_token);
  }

  /** Sends rows as NDJSON and expects every one of them to be taken. */
  async send(kind: ImportKind, rows: object[]): Promise<ImportRunSummary> {
    const response = await this.request.post(`${integrationBasePath}/${kind}`, {
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/x-ndjson' },
      data: rows.map((row) => JSON.stringify(row)).join('\n'),
    });
    expect(response.status(), await response.text()).toBe(200);
    const summary = (await response.json()) as ImportRunSummary;
    expect(summary.rejections, kind).toEqual([]);
    return summary;
  }

  /** One page of the event feed after `after`. */
  async events(after: string): Promise<EventFeed> {
    const response = await this.request.get(`${integrationBasePath}/events`, { headers: { authorization: `Bearer ${this.token}` }, params: { after, limit: 100 } });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as EventFeed;
  }

  /** Writes back (a status or an answer) to an item by its reference, as a retry-safe submission. */
  async writeBack(path: string, body: object): Promise<void> {
    const response = await this.request.post(`${integrationBasePath}/${path}`, {
      headers: { authorization: `Bearer ${this.token}`, 'idempotency-key': `${path}-${Date.now()}` },
      data: body,
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  async putInvoiceFile(customer: string, key: string, fileType: string, body: Buffer): Promise<void> {
    const response = await this.request.put(`${integrationBasePath}/invoices/${customer}/${key}/files/${fileType}`, {
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/octet-stream' },
      data: body,
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}
