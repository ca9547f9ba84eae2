import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { calls, type CallDefinition, type DeploymentProfileName, type ImperfectionVariant } from '@portal/contract';
import { buildApp } from '../../app.js';
import { uploadedFiles } from '../../db/schema.js';
import { login } from '../../test/auth-helpers.js';
import { useOpened } from '../../test/use-opened.js';
import {
  createAccount,
  createCustomer,
  createTestContext,
  mailsTo,
  testAppConfig,
  type TestAccount,
  type TestCustomer,
  type TestContext,
} from '../../test/harness.js';

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
  client: TestCustomer,
  account: TestAccount,
  purpose: 'Photo' | 'RollFile' = 'Photo',
): Promise<string> {
  const photo = purpose === 'Photo';
  const content = photo ? Buffer.from('89504e470d0a1a0a', 'hex') : Buffer.from('Rolbestand week 12\n');
  const [row] = await ctx.database.ownerDb
    .insert(uploadedFiles)
    .values({
      customerId: client.id,
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

/** A site's server on a fresh database: a customer with an account (logged in there) and another customer. */
export interface Site {
  ctx: TestContext;
  /** the app of the site's deployment profile; the test context's own for 'default' */
  site: TestContext;
  client: TestCustomer;
  account: TestAccount;
  token: string;
  other: TestCustomer;
  otherAccount: TestAccount;
}

async function openSite(profile: DeploymentProfileName): Promise<Site> {
  const ctx = await createTestContext();
  const client = await createCustomer(ctx, 'Apotheek De Linde');
  const account = await createAccount(ctx, client, { firstName: 'Sanne' });
  const other = await createCustomer(ctx, 'Zorggroep Het Baken');
  const otherAccount = await createAccount(ctx, other);
  const site = profile === 'default' ? ctx : await appWithProfile(ctx, profile);
  const token = (await login(site, account)).accessToken;
  return { ctx, site, client, account, token, other, otherAccount };
}

async function closeSite(opened: Site): Promise<void> {
  if (opened.site !== opened.ctx) await opened.site.close();
  await opened.ctx.close();
}

type QualityMail = Awaited<ReturnType<typeof mailsTo>>[number];

/** A site opened for the tests of a file or `describe` block, with the last mail its quality address got. */
export interface SiteUnderTest extends Site {
  lastQualityMail(): Promise<QualityMail>;
}

export function useSite(profile: DeploymentProfileName): SiteUnderTest {
  return useOpened(async () => {
    const opened = await openSite(profile);
    const lastQualityMail = async () => {
      const last = (await mailsTo(opened.ctx, QUALITY)).at(-1);
      if (!last) throw new Error(`no mail to ${QUALITY}`);
      return last;
    };
    return { ...opened, lastQualityMail };
  }, closeSite);
}

/** Each variant as the tests see it: its calls (the report first), the profile offering it, what it stores. */
export const reportVariantCases: Record<
  ImperfectionVariant,
  { calls: CallDefinition[]; profile: DeploymentProfileName; kind: string; valid: (patientId: number) => Record<string, unknown> }
> = {
  Basic: {
    calls: [calls.forms.reportImperfection],
    profile: 'basic',
    kind: 'Imperfection',
    valid: (patientId) => ({
      imperfectionLocation: 'Pharmacy',
      imperfectionType: 'Late',
      patientId,
      department: 'Afdeling A',
      drugName: 'Metformine',
      drugStrength: '500 mg',
      drugAmount: '1',
      generalAdditionalInformation: 'Te laat.',
      takenActions: 'Geen.',
      feedBackOption: 'Phone',
      contactInfo: '0551 123 456',
    }),
  },
  Oosterwolde: {
    calls: [calls.forms.reportImperfectionInceptionOosterwolde, calls.forms.getImperfectionCatalogueOosterwolde],
    profile: 'default',
    kind: 'ImperfectionOosterwolde',
    valid: () => ({
      department: 'Afdeling A',
      imperfectionLocation: 'Pharmacy',
      imperfectionAbout: 'Crate',
      imperfectionTypeInception: 'ReceivedCrateLate',
      imperfectionImpact: 'UnknownNoDamage',
    }),
  },
  Apeldoorn: {
    calls: [calls.forms.reportImperfectionInceptionApeldoorn, calls.forms.getDropdownDataApeldoorn],
    profile: 'apeldoorn',
    kind: 'ImperfectionApeldoorn',
    valid: () => ({ feedbackMessage: 'NoFeedbackNecessary', isComplaint: false, explanationQuestion: 'Foto van zakje 2 graag.' }),
  },
  Alkmaar: {
    calls: [calls.forms.reportImperfectionInceptionAlkmaar, calls.forms.getDropdownDataAlkmaar],
    profile: 'alkmaar',
    kind: 'ImperfectionAlkmaar',
    valid: () => ({ pharmacyContactPerson: 'P. de Vries', discovererComplaint: 'Pharmacy', natureComplaint: 'LateDelivery', startSwallowDate: '2026-03-02' }),
  },
};
