import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { deploymentProfiles, uploadLimits, type DeploymentProfileName } from '@portal/contract';
import { demoSupplier, isValidIban, printedIban, type Supplier } from './modules/invoices/supplier.js';
import { defaultTokenFailureLimits } from './modules/integration/integration-tokens.js';
import { DEFAULT_DELETE_GUARD_PERCENT } from './modules/integration/delete-guard.js';

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A proxy address as proxy-addr (Fastify's trustProxy) reads it: an IPv4/IPv6 address or CIDR, or a named range. */
const proxyAddress = (part: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(part)) return true;
  const [address = '', bits, ...more] = part.split('/');
  const family = isIP(address);
  if (!family || more.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

export const trustProxySetting = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (['false', 'no', '0'].includes(value)) return false;
    if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
    if (['true', 'yes'].includes(value)) {
      ctx.addIssue({ code: 'custom', message: 'true would believe any X-Forwarded-For; give the number of proxies in front (1) or their addresses' });
      return z.NEVER;
    }
    const parts = value.split(',').map((part) => part.trim()).filter(Boolean);
    const wrong = parts.filter((part) => !proxyAddress(part));
    if (!parts.length || wrong.length) {
      ctx.addIssue({ code: 'custom', message: `not a hop count (0–10) nor addresses/CIDRs: ${wrong.join(', ') || value}` });
      return z.NEVER;
    }
    return parts;
  });

/**
 * The setting as Fastify takes it. A hop count becomes a function of the hop (0: the socket's peer): Fastify
 * itself reads a bare number as "trust nothing", since a count cannot tell a proxy from a client that connects
 * directly; behind a balancer that alone can reach the API, the count is what the operator knows.
 */
export function fastifyTrustProxy(setting: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

const profileNames = Object.keys(deploymentProfiles) as [DeploymentProfileName, ...DeploymentProfileName[]];

/** Demo value of QUALITY_PHONE. */
export const defaultQualityPhone = '0512 34 56 78';

/** The environment, parsed once at start. Everything has a default that suits the embedded setup. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: 127.0.0.1 with the embedded database, 0.0.0.0 with an external one (lib/listen.ts). */
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Owner connection to an external PostgreSQL (runs migrations). Unset: embedded PostgreSQL under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** Connection of the request-serving role portal_app. Unset: derived from DATABASE_URL with a managed password. */
  DATABASE_APP_URL: z.string().url().optional(),
  /** portal_app on a streaming replica: exports, reports and the audit log read there (decision 0093). Unset: the primary. */
  DATABASE_READ_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Longest a statement may run (PostgreSQL cancels it); the client gives up 1 s later (a frozen server). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** Longest a request waits for a free connection (or a new one) before it is answered 503. */
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(100).default(3000),
  /**
   * How long an API process reuses its check that a login session is live (decision 0032). A change (a logout,
   * an ended session, a deactivated account) ends the reuse at once in every process; 0 asks the database on
   * every request.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Mijn Spits <noreply@mijnspits.nl>'),
  SERVICE_MAIL_ADDRESS: z.string().email().default('service@mijnspits.nl'),
  QUALITY_MAIL_ADDRESS: z.string().email().default('kwaliteit@mijnspits.nl'),
  // Customers' replies by mail (issue 30.3). With a domain, the inbox's mails to customers carry a reply address of
  // their item (antwoord+…@INBOUND_MAIL_DOMAIN, the domain's MX pointing at this server's listener or at a hosted mail
  // service that posts to /api/inbound-mail). Without it, customers reply in the portal only.
  INBOUND_MAIL_DOMAIN: z.string().trim().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'a mail domain such as antwoord.mijnspits.nl').optional(),
  /** The SMTP listener's port (25 behind an MX, or another the mail relay forwards to); unset: no listener. */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The hour (Dutch time, working days) from which the inbox's daily overview goes to the staff who chose it. */
  DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  /** The listener's address; default HOST's. */
  INBOUND_SMTP_HOST: z.string().optional(),
  /** The bearer secret of POST /api/inbound-mail (raw MIME posted by a hosted mail service); unset: the call is off. */
  INBOUND_MAIL_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  // The quality department's telephone number, named in the Apeldoorn form (the product's screens); a demo value.
  QUALITY_PHONE: z.string().trim().regex(/^[+\d][\d\s-]{5,20}$/, 'a telephone number').default(defaultQualityPhone),
  /** Base of the links in e-mails. Default: http://localhost:PORT */
  PUBLIC_URL: z.string().url().optional(),
  /** Secrets: when unset they are made once and kept in DATA_DIR/secrets.json. */
  JWT_SECRET: z.string().min(32).optional(),
  TOTP_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'TOTP_ENCRYPTION_KEY must be 64 hex characters')
    .optional(),
  DATABASE_APP_PASSWORD: z.string().min(16).optional(),
  DEPLOYMENT_PROFILE: z.enum(profileNames).default('default'),
  /** auto: demo data on an empty embedded database only */
  DEMO_DATA: z.enum(['auto', 'true', 'false']).default('auto'),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(uploadLimits.maxBytes),
  /** How often unused uploads older than 24 hours are removed (also once at start). */
  UPLOAD_CLEANUP_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
  // Retention (decision 0031): what the portal keeps of its own, and for how long. Patient data that the
  // provider's systems send is theirs to keep and remove, not the retention's.
  /** Archived form submissions (with their uploads, notes and answers) are removed this many days after archiving. */
  RETENTION_SUBMISSIONS_DAYS: z.coerce.number().int().min(1).default(730),
  /** Archived service-product orders are removed this many years after archiving (the provider's books: 7 years). */
  RETENTION_SERVICE_ORDERS_YEARS: z.coerce.number().int().min(1).default(7),
  /** Audit rows are removed once older than this; NEN 7513 asks at least five years, so less is refused. */
  RETENTION_AUDIT_YEARS: z.coerce
    .number()
    .int()
    .min(5, 'the audit trail must be kept at least 5 years (NEN 7513); RETENTION_AUDIT_YEARS may not be less than 5')
    .default(5),
  /** Sent mails (their bodies name patients) and mails given up are removed this many days later. */
  RETENTION_MAIL_DAYS: z.coerce.number().int().min(1).default(30),
  /** Ended login sessions and spent or expired one-time tokens are removed this many days after their end. */
  RETENTION_SESSIONS_DAYS: z.coerce.number().int().min(1).default(30),
  /** Events of the provider's feed (they name patients) are removed this many days after they happened. */
  RETENTION_EVENTS_DAYS: z.coerce.number().int().min(1).default(30),
  /** How often the retention runs (the first time a minute after start); one API process at a time runs it. */
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(60_000).default(86_400_000),
  /**
   * The proxies in front of the API whose X-Forwarded-For is believed: `false` (none), a hop count (1: one load
   * balancer), or their addresses and CIDRs separated by commas. Only the chain they add names the client's address
   * for rate limits and the audit trail.
   */
  TRUST_PROXY: trustProxySetting.default(false),
  /**
   * After SIGTERM, how long the process still serves while /api/ready answers 503 and the balancer takes it out of
   * rotation; then it takes no new connections and finishes the requests in flight.
   */
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  /** Server processes on the one port: a number, or `auto` for one per core (decision 0097). */
  WORKERS: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default(1),
  /** Apply the migrations at start (default); false when they run apart, by `portal migrate` before a rollout. */
  MIGRATE_ON_START: boolish.default(true),
  /** Authentication attempts allowed per client address in 15 minutes (login, refresh, reset, token checks). */
  AUTH_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  /**
   * Failed token requests of the integration door allowed per client id and per client address in 15 minutes (429
   * with Retry-After beyond them); a request with the right secret does not count.
   */
  INTEGRATION_TOKEN_FAILURES_PER_CLIENT: z.coerce.number().int().min(1).default(defaultTokenFailureLimits.perClient),
  /** The share (percent) of a scope a snapshot or delete list may remove without confirmDeletes=true. */
  INTEGRATION_DELETE_GUARD_PERCENT: z.coerce.number().min(0).max(100).default(DEFAULT_DELETE_GUARD_PERCENT),
  INTEGRATION_TOKEN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(defaultTokenFailureLimits.perAddress),
  /** Form submissions and orders per account (429 beyond them; a replay by Idempotency-Key does not count). */
  SUBMISSION_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  SUBMISSION_LIMIT_PER_DAY: z.coerce.number().int().min(1).default(500),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Metrics and traces (decision 0092).
  /** Prometheus metrics on a port of their own (`GET /metrics`, same process); unset: none there. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The metrics port's address; default HOST's. */
  METRICS_HOST: z.string().optional(),
  /** `GET /api/metrics` on the main port with this bearer token; unset: that route does not exist. */
  METRICS_TOKEN: z.string().min(32, 'at least 32 characters').optional(),
  /** OpenTelemetry's own names: traces exported by OTLP/HTTP when an endpoint is set, nothing otherwise. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('mijn-spits-portal'),
  OTEL_TRACES_SAMPLER: z
    .enum(['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'])
    .default('parentbased_always_on'),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
  WEB_DIST: z.string().optional(),
  /** Without SMTP_URL mails go to the log: whole (reset links, patient details) only when this is true. */
  LOG_MAIL_BODIES: boolish.default(false),
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(2000),
  // Webhooks (decision 0075): delivered from the event outbox by every API process.
  /** How often the webhook job looks for new events and due deliveries. */
  WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
  /** Webhook requests in flight at once, per API process. */
  WEBHOOK_IN_FLIGHT: z.coerce.number().int().min(1).max(100).default(8),
  /** How long one webhook request may take before it counts as failed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** How long a process holds a delivery it sends; another sends it after that (at least the timeout plus a second). */
  WEBHOOK_LEASE_MS: z.coerce.number().int().min(500).default(60_000),
  /** An endpoint that has delivered nothing for this long while its attempts fail is switched off (its client mailed). */
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().min(1).default(120),
  /** Allow webhook endpoints on plain http beyond this machine (a test network); https otherwise. */
  WEBHOOK_ALLOW_HTTP: boolish.default(false),
  // The provider as its invoices name it (see modules/invoices/supplier.ts); the defaults are demo values.
  SUPPLIER_NAME: z.string().trim().min(1).max(200).default(demoSupplier.name),
  SUPPLIER_ADDRESS: z.string().trim().min(1).max(200).default(demoSupplier.address),
  SUPPLIER_POSTAL_CODE: z.string().trim().min(1).max(20).default(demoSupplier.postalCode),
  SUPPLIER_CITY: z.string().trim().min(1).max(100).default(demoSupplier.city),
  SUPPLIER_KVK_NUMBER: z.string().trim().regex(/^\d{8}$/, 'a KvK number has 8 digits').default(demoSupplier.kvkNumber),
  SUPPLIER_VAT_NUMBER: z
    .string()
    .trim()
    .transform((s) => s.replace(/[\s.]/g, '').toUpperCase())
    .pipe(z.string().regex(/^NL\d{9}B\d{2}$/, 'a Dutch VAT number looks like NL123456789B01'))
    .default(demoSupplier.vatNumber),
  SUPPLIER_IBAN: z.string().trim().refine(isValidIban, 'not a valid IBAN').default(demoSupplier.iban),
  SUPPLIER_EMAIL: z.string().trim().email().default(demoSupplier.email),
  PAYMENT_TERM_DAYS: z.coerce.number().int().min(0).max(365).default(demoSupplier.paymentTermDays),
});
export type RawConfig = z.infer<typeof configSchema>;

export interface Config extends Omit<RawConfig, 'PUBLIC_URL'> {
  PUBLIC_URL: string;
  dataDir: string;
  /** the provider as its invoices name it */
  supplier: Supplier;
}

/** The settings that are secrets: each may come from a file named by `<NAME>_FILE` (a container's mounted secret). */
export const secretSettings = [
  'DATABASE_URL',
  'DATABASE_APP_URL',
  'DATABASE_APP_PASSWORD',
  'DATABASE_READ_URL',
  'JWT_SECRET',
  'TOTP_ENCRYPTION_KEY',
  'SMTP_URL',
  'INBOUND_MAIL_SECRET',
  'METRICS_TOKEN',
] as const;

/** The environment with each `<NAME>_FILE` read into `<NAME>` (its last line break left out). */
export function withSecretFiles(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const read: NodeJS.ProcessEnv = {};
  for (const name of secretSettings) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name]) throw new Error(`Invalid configuration:\n  ${name}: set both ${name} and ${name}_FILE; give one`);
    try {
      read[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      throw new Error(`Invalid configuration:\n  ${name}_FILE: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
  }
  return { ...env, ...read };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(Object.fromEntries(Object.entries(withSecretFiles(env)).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const raw = parsed.data;
  return {
    ...raw,
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(raw.DATA_DIR),
    supplier: {
      name: raw.SUPPLIER_NAME,
      address: raw.SUPPLIER_ADDRESS,
      postalCode: raw.SUPPLIER_POSTAL_CODE,
      city: raw.SUPPLIER_CITY,
      kvkNumber: raw.SUPPLIER_KVK_NUMBER,
      vatNumber: raw.SUPPLIER_VAT_NUMBER,
      iban: printedIban(raw.SUPPLIER_IBAN),
      email: raw.SUPPLIER_EMAIL,
      paymentTermDays: raw.PAYMENT_TERM_DAYS,
    },
  };
}
