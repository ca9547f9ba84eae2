import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp, type AppDeps } from '../app.js';
import { openDatabase, type Database, type Timeouts } from '../db/database.js';
import { accounts, customers, departments, mailOutbox, patients } from '../db/schema.js';
import { encryptSecret } from '../lib/crypto.js';
import { hashPassword } from '../lib/passwords.js';
import type { CallDefinition } from '@portal/contract';
import { mailsNamingPatients } from './mail-privacy.js';

export const TEST_PASSWORD = 'Zorgvuldig#42';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  totpKey: Buffer;
  /** the app's token secret: a second app on the same database (another API process) needs it */
  jwtSecret: string;
  close(): Promise<void>;
}

/** The app's configuration in API tests; a test that needs another profile or web build spreads it. */
export const testAppConfig = {
  PUBLIC_URL: 'http://portal.test',
  DEPLOYMENT_PROFILE: 'default',
  TRUST_PROXY: false,
  AUTH_RATE_LIMIT_PER_ADDRESS: 100,
  // no web build: API tests never depend on apps/web/dist
  WEB_DIST: '/nonexistent-portal-web-dist',
  UPLOAD_MAX_BYTES: 20 * 1024 * 1024,
  SERVICE_MAIL_ADDRESS: 'service@portal.test',
  QUALITY_MAIL_ADDRESS: 'kwaliteit@portal.test',
  // unlimited in practice: the limits have tests of their own
  SUBMISSION_LIMIT_PER_MINUTE: 100_000,
  SUBMISSION_LIMIT_PER_DAY: 100_000,
} satisfies AppDeps['config'];

/** A fresh database with the migrations applied, and the real app on it (optionally with a fixed clock). */
export async function createTestContext(
  options: {
    clock?: () => Date;
    /** another PostgreSQL than the run's (a test that freezes or kills its own) */
    adminUrl?: string;
    /** a streaming replica of `adminUrl`'s server (its superuser's URL): the app reads at length there (DATABASE_READ_URL) */
    replicaAdminUrl?: string;
    timeouts?: Timeouts;
    /** form submissions and orders per account; unlimited in practice unless a test checks the limits */
    submissionLimits?: { perMinute: number; perDay: number };
    /** the app's logger (a test that reads what the server logs); none otherwise */
    logger?: AppDeps['logger'];
    /** settings a test checks with numbers of its own */
    config?: Partial<AppDeps['config']>;
  } = {},
): Promise<TestContext> {
  const adminUrl = options.adminUrl ?? inject('pgAdminUrl');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // The run's own server has a migrated template to copy; another server (a fault test's) migrates anew.
  await admin.query(options.adminUrl ? `create database ${name}` : `create database ${name} template ${inject('pgTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const totpKey = randomBytes(32);
  const jwtSecret = randomBytes(32).toString('base64url');
  const silent = { info: () => undefined, warn: () => undefined, error: (o: unknown) => console.error(o) };
  const appPassword = 'portal-app-test-password';
  let readUrl: string | undefined;
  if (options.replicaAdminUrl) {
    const replica = new URL(options.replicaAdminUrl);
    Object.assign(replica, { pathname: `/${name}`, username: 'portal_app', password: appPassword });
    readUrl = replica.toString();
  }
  const database = await openDatabase({
    ownerUrl: url.toString(),
    readUrl,
    appPassword,
    poolSize: 5,
    log: silent,
    timeouts: options.timeouts,
  });
  const app = await buildApp({
    config: {
      ...testAppConfig,
      ...(options.submissionLimits
        ? { SUBMISSION_LIMIT_PER_MINUTE: options.submissionLimits.perMinute, SUBMISSION_LIMIT_PER_DAY: options.submissionLimits.perDay }
        : {}),
      ...options.config,
    },
    database,
    secrets: { jwtSecret, totpEncryptionKey: totpKey },
    clock: options.clock,
    logger: options.logger,
  });
  await app.ready();
  return {
    app,
    database,
    totpKey,
    jwtSecret,
    /** Closes the app and drops its database; fails when a mail it queued names a patient (see mail-privacy.ts). */
    async close() {
      await app.close();
      let problems: string[];
      try {
        problems = await mailsNamingPatients(database.ownerDb);
      } finally {
        await database.close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      }
      if (problems.length) throw new Error(`Mails carry patient data:\n${problems.join('\n')}`);
    },
  };
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

export interface TestCustomer {
  id: string;
  clientCode: string;
  departmentId: number;
  patientId: number;
}

/** A customer with one department and one patient, made as the owner (bypassing row-level security). */
export async function createCustomer(ctx: TestContext, name = 'Apotheek Test'): Promise<TestCustomer> {
  const db = ctx.database.ownerDb;
  const clientCode = `T-${unique()}`.toUpperCase();
  const [client] = await db.insert(customers).values({ clientCode, name, kind: 'Pharmacy' }).returning();
  const [facility] = await db.insert(departments).values({ customerId: client!.id, name: 'Afdeling A' }).returning();
  const [patient] = await db
    .insert(patients)
    .values({ customerId: client!.id, departmentId: facility!.id, firstName: 'Jan', lastName: 'Jansen', birthDate: '1940-05-01' })
    .returning();
  return { id: client!.id, clientCode, departmentId: facility!.id, patientId: patient!.id };
}

export interface TestAccount {
  id: number;
  customerId: string;
  emailAddress: string;
  password: string;
  totpSecret?: string;
}

export async function createAccount(
  ctx: TestContext,
  client: TestCustomer,
  options: {
    type?: 'Administrator' | 'Employee';
    active?: boolean;
    password?: string;
    totpSecret?: string;
    emailAddress?: string;
    firstName?: string;
  } = {},
): Promise<TestAccount> {
  const password = options.password ?? TEST_PASSWORD;
  const emailAddress = options.emailAddress ?? `user-${unique()}@portal.test`;
  const active = options.active ?? true;
  const [row] = await ctx.database.ownerDb
    .insert(accounts)
    .values({
      customerId: client.id,
      emailAddress,
      firstName: options.firstName ?? 'Petra',
      lastName: 'Pieters',
      pharmacistType: options.type ?? 'Administrator',
      isActive: active,
      passwordHash: active ? await hashPassword(password) : null,
      totpEnabled: options.totpSecret !== undefined,
      totpSecret: options.totpSecret ? encryptSecret(options.totpSecret, ctx.totpKey) : null,
    })
    .returning();
  return { id: row!.id, customerId: client.id, emailAddress, password, totpSecret: options.totpSecret };
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string>;
  token?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** One call through the real app (no network), as a client of the contract would make it. */
export function call(ctx: TestContext, def: CallDefinition, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: def.method,
    url: def.path,
    query: options.query,
    remoteAddress: options.remoteAddress,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

/** The mails in the outbox to one address, newest last. */
export async function mailsTo(ctx: TestContext, address: string) {
  return ctx.database.ownerDb.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(mailOutbox.id);
}

/** The link in a mail's text that starts with the given path. */
export function linkIn(text: string, path: string): URL {
  const match = new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\S*`).exec(text);
  if (!match) throw new Error(`no ${path} link in mail`);
  return new URL(match[0]);
}

export async function auditRows(ctx: TestContext, action: string) {
  return (
    await ctx.database.ownerDb.execute<{ action: string; outcome: string; account_id: number | null; client_id: string | null }>(
      sql`select action, outcome, account_id, client_id, address::text as address, details from audit_log where action = ${action} order by id`,
    )
  ).rows;
}

export async function accountRow(ctx: TestContext, account: TestAccount) {
  const [row] = await ctx.database.ownerDb
    .select()
    .from(accounts)
    .where(and(eq(accounts.customerId, account.customerId), eq(accounts.id, account.id)));
  return row!;
}
