import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { backofficeInboxCalls, type InboxDetail, type InboxItemKind, type InboxRow, type StaffRole, type TableResponse } from '@portal/contract';
import { formSubmissions, serviceProductOrderRows, serviceProductOrders, uploadedFiles } from '../../db/schema.js';
import { login } from '../../test/auth-helpers.js';
import { call, createAccount, createCustomer, createTestContext, type TestAccount, type TestCustomer, type TestContext } from '../../test/harness.js';
import { createStaff, staffLogin, type TestStaff } from '../backoffice/test-support.js';
import { insertServiceProducts } from '../service-products/test-support.js';

/** A customer of the inbox's tests: its first department's patient, an account that sends things, its token. */
export interface Customer extends TestCustomer {
  name: string;
  account: TestAccount;
  token: string;
}

export interface Colleague extends TestStaff {
  token: string;
}

/** Two customers with an account each, and a logged-in colleague of every role. */
export interface InboxWorld {
  ctx: TestContext;
  linde: Customer;
  baken: Customer;
  staff: Record<StaffRole, Colleague>;
}

async function customer(ctx: TestContext, name: string, firstName: string): Promise<Customer> {
  const client = await createCustomer(ctx, name);
  const account = await createAccount(ctx, client, { firstName });
  return { ...client, name, account, token: (await login(ctx, account)).accessToken };
}

export async function colleague(ctx: TestContext, role: StaffRole, firstName?: string): Promise<Colleague> {
  const staff = await createStaff(ctx, role, { firstName });
  return { ...staff, token: (await staffLogin(ctx, staff)).accessToken };
}

export async function openInbox(): Promise<InboxWorld> {
  const ctx = await createTestContext();
  return {
    ctx,
    linde: await customer(ctx, 'Apotheek De Linde', 'Sanne'),
    baken: await customer(ctx, 'Zorggroep Het Baken', 'Ruben'),
    staff: {
      Beheerder: await colleague(ctx, 'Beheerder', 'Bea'),
      Klantenservice: await colleague(ctx, 'Klantenservice', 'Karim'),
      Kwaliteit: await colleague(ctx, 'Kwaliteit', 'Kees'),
    },
  };
}

export interface ItemRef {
  itemKind: InboxItemKind;
  id: number;
}

/** A submission as the forms store one, put straight into the database. */
export async function insertSubmission(
  ctx: TestContext,
  who: Customer,
  kind: string,
  payload: Record<string, unknown>,
  options: { createdAt?: Date; status?: string; assigneeId?: number | null; withoutAccount?: boolean } = {},
): Promise<ItemRef> {
  const [row] = await ctx.database.ownerDb
    .insert(formSubmissions)
    .values({
      customerId: who.id,
      accountId: options.withoutAccount ? null : who.account.id,
      submitterName: options.withoutAccount ? null : `${kind === 'NonFaqQuestion' ? 'Vrager' : 'Indiener'} ${who.name}`,
      submitterEmail: options.withoutAccount ? null : who.account.emailAddress,
      kind,
      payload,
      status: options.status ?? 'New',
      assigneeId: options.assigneeId ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning({ id: formSubmissions.id });
  return { itemKind: 'Submission', id: row!.id };
}

/** A service order of one line, put straight into the database. */
export async function insertOrder(ctx: TestContext, who: Customer, options: { createdAt?: Date; status?: string } = {}): Promise<ItemRef> {
  const db = ctx.database.ownerDb;
  const code = `SP-${Math.random().toString(36).slice(2, 8)}`;
  const products = await insertServiceProducts(ctx, [{ articleCode: code, name: 'Adresetiketten', description: 'Rol van 500', price: 18.5 }]);
  const [order] = await db
    .insert(serviceProductOrders)
    .values({
      customerId: who.id,
      accountId: who.account.id,
      requesterName: `Besteller ${who.name}`,
      requesterEmail: who.account.emailAddress,
      status: options.status ?? 'New',
      totalPrice: 37,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning({ id: serviceProductOrders.id });
  await db.insert(serviceProductOrderRows).values({
    customerId: who.id,
    orderId: order!.id,
    lineNo: 1,
    serviceProductId: products[code]!,
    articleCode: code,
    name: 'Adresetiketten',
    amount: 2,
    price: 18.5,
    rowTotalPrice: 37,
  });
  return { itemKind: 'ServiceOrder', id: order!.id };
}

/** An upload used by a submission, as File/UploadFile and the form would leave it. */
export async function attachFile(ctx: TestContext, who: Customer, submission: ItemRef, kind: 'photo' | 'pdf'): Promise<string> {
  const content = kind === 'photo' ? Buffer.from('89504e470d0a1a0a0000', 'hex') : Buffer.from('%PDF-1.4\n%%EOF\n');
  const [row] = await ctx.database.ownerDb
    .insert(uploadedFiles)
    .values({
      customerId: who.id,
      accountId: who.account.id,
      purpose: kind === 'photo' ? 'Photo' : 'RollFile',
      fileName: kind === 'photo' ? 'zakje.png' : 'rollen.pdf',
      fileExtension: kind === 'photo' ? '.png' : '.pdf',
      mediaType: kind === 'photo' ? 'image/png' : 'application/pdf',
      sizeBytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      content,
      submissionId: submission.id,
    })
    .returning({ id: uploadedFiles.id });
  return row!.id;
}

const inbox = backofficeInboxCalls;

/** The inbox table as a colleague asks it; fails the test unless it answers 200. */
export async function inboxTable(world: InboxWorld, as: Colleague, body: Record<string, unknown> = {}): Promise<TableResponse<InboxRow>> {
  const res = await call(world.ctx, inbox.getTable, { token: as.token, body: { rowsPerPage: 100, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TableResponse<InboxRow>>();
}

export const refsOf = (page: TableResponse<InboxRow>) => page.items.map((row) => `${row.itemKind}:${row.id}`);
export const refOf = (item: ItemRef) => `${item.itemKind}:${item.id}`;

export function detailOf(world: InboxWorld, as: Colleague, item: ItemRef) {
  return call(world.ctx, inbox.getItem, { token: as.token, query: { ItemKind: item.itemKind, Id: String(item.id) } });
}

export async function readDetail(world: InboxWorld, as: Colleague, item: ItemRef): Promise<InboxDetail> {
  const res = await detailOf(world, as, item);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InboxDetail>();
}

/** The audit rows of one action, newest last. */
export async function auditOf(ctx: TestContext, action: string) {
  return (
    await ctx.database.ownerDb.execute<{ staff_id: number | null; account_id: number | null; client_id: string | null; patient_ids: number[] | null; object_id: string | null; details: Record<string, unknown> | null }>(
      sql`select staff_id, account_id, client_id, patient_ids, object_id, details from audit_log where action = ${action} order by id`,
    )
  ).rows;
}
