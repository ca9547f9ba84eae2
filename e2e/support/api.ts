import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import {
  authData,
  calls,
  type CallDefinition,
  type QueryOf,
  type ResponseOf,
  type TableResponse,
} from '@portal/contract';

/** The table request as the web app sends it: every field filled in. */
export interface FullTableRequest<Column extends string = string> {
  sortBy: Column;
  descending: boolean;
  page: number;
  rowsPerPage: number;
  search: string;
}

/**
 * The portal's API as one user sees it, through Playwright's request context (no browser): what a screen
 * should show is asked here with the same request, so that no test depends on the demo's exact values.
 */
export class PortalApi {
  constructor(
    private readonly request: APIRequestContext,
    readonly accessToken: string,
  ) {}

  /** Logs in with e-mail address and password (an account without two-factor login). */
  static async login(request: APIRequestContext, emailAddress: string, password: string): Promise<PortalApi> {
    const response = await request.post(calls.authentication.loginWithCredentials.path, { data: { emailAddress, password } });
    expect(response.status(), await response.text()).toBe(200);
    return new PortalApi(request, authData.parse(await response.json()).accessToken);
  }

  private get headers() {
    return { authorization: `Bearer ${this.accessToken}` };
  }

  private async json<T>(response: APIResponse, what: string): Promise<T> {
    expect(response.status(), `${what}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  }

  /** A GET call without query, e.g. Memo/GetActiveMemos. */
  async get<C extends CallDefinition>(call: C): Promise<ResponseOf<C>> {
    return this.json<ResponseOf<C>>(await this.request.get(call.path, { headers: this.headers }), call.path);
  }

  /** One page of a table call. */
  async table<Row>(call: CallDefinition, body: FullTableRequest): Promise<TableResponse<Row>> {
    return this.json<TableResponse<Row>>(await this.request.post(call.path, { headers: this.headers, data: body }), call.path);
  }

  /** Every row of a table call in the given sort, page by page. */
  async allRows<Row>(call: CallDefinition, sort: Pick<FullTableRequest, 'sortBy' | 'descending'>): Promise<Row[]> {
    const rows: Row[] = [];
    for (let page = 1; ; page += 1) {
      const { total, items } = await this.table<Row>(call, { ...sort, page, rowsPerPage: 100, search: '' });
      rows.push(...items);
      if (rows.length >= total || items.length === 0) return rows;
    }
  }

  /** Invoice/DownloadInvoiceFile as is: the status and the bytes are the caller's to check. */
  downloadInvoiceFile(query: QueryOf<typeof calls.invoice.downloadInvoiceFile>): Promise<APIResponse> {
    return this.request.get(calls.invoice.downloadInvoiceFile.path, { headers: this.headers, params: { ...query } });
  }
}
