import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backofficeAuditCalls,
  backofficeContentCalls,
  backofficeCustomerCalls,
  backofficeInboxCalls,
  backofficeStaffCalls,
  type StaffCall,
} from '@portal/contract';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const staffCalls: StaffCall[] = [backofficeStaffCalls, backofficeCustomerCalls, backofficeContentCalls, backofficeInboxCalls, backofficeAuditCalls].flatMap(
  (group) => Object.values(group),
);

describe('the back-office door', () => {
  // The web app shows a screen to the roles of the call it opens with: those must be the roles the door lets in.
  it('registers every call of the contract for the roles the contract gives it', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/backoffice/docs' })).json<{ paths: Record<string, Record<string, { description: string }>> }>();
    const described = staffCalls.map((call) => [call.path, doc.paths[call.path]?.[call.method.toLowerCase()]?.description]);
    expect(described).toEqual(staffCalls.map((call) => [call.path, `Rollen: ${call.roles.join(', ')}`]));
  });
});
