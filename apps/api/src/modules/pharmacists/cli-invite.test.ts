import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema.js';
import { createAccount, createCustomer, createTestContext, linkIn, mailsTo, type TestCustomer, type TestContext } from '../../test/harness.js';

const run = promisify(execFile);
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let ctx: TestContext;
let client: TestCustomer;
let dataDir: string;

beforeAll(async () => {
  ctx = await createTestContext();
  client = await createCustomer(ctx);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-cli-'));
});
afterAll(async () => {
  await ctx?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The provider's CLI, from its sources, against this test's database. */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const ownerUrl = (ctx.database.ownerPool as unknown as { options: { connectionString: string } }).options.connectionString;
  // The app role's login as the test harness set it: without DATABASE_APP_URL the CLI would give the role
  // (shared by every test database on this server) a password of its own.
  const appUrl = new URL((ctx.database.appPool as unknown as { options: { connectionString: string } }).options.connectionString);
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src/cli.ts'), ...args], {
      cwd: apiRoot,
      env: { ...process.env, DATABASE_URL: ownerUrl, DATABASE_APP_URL: appUrl.toString(), DATA_DIR: dataDir, PUBLIC_URL: 'http://portal.test' },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('the CLI invite shares the invitation of AddPharmacist', () => {
  it('makes an inactive account with an activation mail, and refuses an address in use in another case', async () => {
    const invited = await cli(['invite', '--client', client.clientCode, '--email', 'Nieuw@Apotheek.test', '--first-name', 'Noor', '--last-name', 'Smit', '--type', 'Administrator']);
    expect(invited.code, invited.stderr).toBe(0);
    const [row] = await ctx.database.ownerDb.select().from(accounts).where(eq(accounts.emailAddress, 'Nieuw@Apotheek.test'));
    expect(row).toMatchObject({ customerId: client.id, isActive: false, pharmacistType: 'Administrator', passwordHash: null });
    const [mail] = await mailsTo(ctx, 'Nieuw@Apotheek.test');
    expect(mail!.subject).toBe('Activeer uw account bij Mijn Spits');
    expect(linkIn(mail!.textBody, '/auth/activate').searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const taken = await createAccount(ctx, await createCustomer(ctx, 'Andere klant'));
    const refused = await cli(['invite', '--client', client.clientCode, '--email', taken.emailAddress.toUpperCase(), '--first-name', 'X', '--last-name', 'Y', '--type', 'Employee']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('Dit e-mailadres is al in gebruik');
  });
});
