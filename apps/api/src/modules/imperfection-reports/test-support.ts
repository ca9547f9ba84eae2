import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DeploymentProfileName } from '@portal/contract';
import { buildApp } from '../../app.js';
import { uploadedFiles } from '../../db/schema.js';
import { testAppConfig, type TestAccount, type TestClient, type TestContext } from '../../test/harness.js';

export const QUALITY = 'kwaliteit@portal.test';

/**
 * The same database served by an app built with another deployment profile, as another site's server would
 * be. The harness's helpers take it in place of the test context.
 */
export async function appWithProfile(ctx: TestContext, profile: DeploymentProfileName): Promise<TestContext> {
  const app = await buildApp({
    config: { ...testAppConfig, DEPLOYMENT_PROFILE: profile, QUALITY_MAIL_ADDRESS: QUALITY },
    database: ctx.database,
    secrets: { jwtSecret: randomBytes(32).toString('base64url'), totpEncryptionKey: ctx.totpKey },
  });
  await app.ready();
  return { ...ctx, app, close: () => app.close() };
}

/** An upload of the customer's, put straight into the database (as File/UploadFile stores one). */
export async function insertUpload(
  ctx: TestContext,
  client: TestClient,
  account: TestAccount,
  purpose: 'Photo' | 'RollFile' = 'Photo',
): Promise<string> {
  const photo = purpose === 'Photo';
  const content = photo ? Buffer.from('89504e470d0a1a0a', 'hex') : Buffer.from('Rolbestand week 12\n');
  const [row] = await ctx.database.ownerDb
    .insert(uploadedFiles)
    .values({
      clientId: client.id,
      accountId: account.id,
      purpose,
      fileName: photo ? 'zakje.png' : 'rollen.txt',
      fileExtension: photo ? '.png' : '.txt',
      mediaType: photo ? 'image/png' : 'text/plain',
      sizeBytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      content,
    })
    .returning({ id: uploadedFiles.id });
  return row!.id;
}

export type StoredSubmission = {
  id: number;
  client_id: string;
  kind: string;
  payload: Record<string, unknown>;
  status: string;
};

export async function submissions(ctx: TestContext, kind: string): Promise<StoredSubmission[]> {
  const result = await ctx.database.ownerDb.execute<StoredSubmission>(
    sql`select id, client_id, kind, payload, status from form_submissions where kind = ${kind} order by id`,
  );
  return result.rows;
}

export async function uploadSubmission(ctx: TestContext, fileGuid: string): Promise<number | null> {
  const result = await ctx.database.ownerDb.execute<{ submission_id: number | null }>(
    sql`select submission_id from uploaded_files where id = ${fileGuid}`,
  );
  return result.rows[0]?.submission_id ?? null;
}
