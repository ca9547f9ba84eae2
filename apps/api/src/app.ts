import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { answerSerializerCompiler, checkAnswers } from './lib/answer-serializer.js';
import { defaultQualityPhone, fastifyTrustProxy, type Config } from './config.js';
import type { Database } from './db/database.js';
import type { Secrets } from './lib/secrets.js';
import { AccessTokens } from './lib/crypto.js';
import { portalDoor } from './doors/portal.js';
import { registerAuthGuard } from './lib/auth-guard.js';
import { RefusalTrail } from './lib/refusals.js';
import { LiveSessions } from './lib/live-sessions.js';
import { registerHealthRoutes } from './lib/health.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import { defaultSubmissionLimits, SubmissionGuard } from './lib/submission-guard.js';
import { errorHandler } from './lib/problems.js';
import { registerWebApp } from './lib/web-app.js';
import { registerObservability } from './lib/observability/plugin.js';
import { requestIdOptions } from './lib/observability/request-ids.js';
import { TenantWork } from './lib/unit-of-work.js';
import { AuthService } from './modules/auth/auth.service.js';
import { authTimes } from './modules/auth/auth.shared.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { registerAssortmentRoutes } from './modules/assortment/routes.js';
import { registerContentRoutes } from './modules/content/routes.js';
import { registerDeliveryScheduleRoutes } from './modules/delivery-schedules/routes.js';
import { registerPackingOrderRoutes } from './modules/packing-orders/routes.js';
import { registerInvoiceRoutes } from './modules/invoices/routes.js';
import { demoSupplier } from './modules/invoices/supplier.js';
import { registerPharmacistRoutes } from './modules/pharmacists/routes.js';
import { registerServiceProductRoutes } from './modules/service-products/routes.js';
import { registerImperfectionReportRoutes } from './modules/imperfection-reports/routes.js';
import { registerFileRoutes } from './modules/files/routes.js';
import { registerPatientRoutes } from './modules/patients/routes.js';
import { registerRequestFormRoutes } from './modules/request-forms/routes.js';
import { registerIntegrationRoutes } from './modules/integration/routes.js';
import { DEFAULT_DELETE_GUARD_PERCENT } from './modules/integration/delete-guard.js';
import { defaultTokenFailureLimits } from './modules/integration/integration-tokens.js';
import { registerSiteProfileRoute } from './modules/customers/site-profile.js';
import { registerBackofficeRoutes } from './modules/backoffice/routes.js';
import { registerMyRequestRoutes } from './modules/my-requests/routes.js';
import type { ReplyAddresses } from './modules/inbox/reply-addresses.js';
import type { InboundMail } from './modules/inbox/inbound-mail.js';
import { openInboundMail } from './modules/inbox/inbound-listeners.js';
import { registerDashboardRoutes } from './modules/dashboard/routes.js';
import { registerExportRoutes } from './modules/exports/routes.js';
import { ExportSlots } from './lib/table-export.js';
import { registerAccessLogRoutes, registerAuditLogRoutes } from './modules/audit-log/routes.js';
import { registerContentAdmin } from './modules/backoffice-content/routes.js';
import { registerCustomersAdmin } from './modules/backoffice-customers/routes.js';
import { registerWebhooksAdmin } from './modules/webhooks/routes.js';
import { registerImportRunsAdmin } from './modules/backoffice-import-runs/routes.js';
import { registerInbox } from './modules/inbox/routes.js';
import { registerReporting } from './modules/reporting/routes.js';
import fastifyCompress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';

export interface AppDeps {
  config: Pick<
    Config,
    'PUBLIC_URL' | 'DEPLOYMENT_PROFILE' | 'TRUST_PROXY' | 'AUTH_RATE_LIMIT_PER_ADDRESS' | 'WEB_DIST' | 'UPLOAD_MAX_BYTES' | 'SERVICE_MAIL_ADDRESS' | 'QUALITY_MAIL_ADDRESS'
  > &
    Partial<
      Pick<
        Config,
        | 'INBOUND_MAIL_DOMAIN'
        | 'INBOUND_MAIL_SECRET'
        | 'SUBMISSION_LIMIT_PER_MINUTE'
        | 'SUBMISSION_LIMIT_PER_DAY'
        | 'INTEGRATION_TOKEN_FAILURES_PER_CLIENT'
        | 'INTEGRATION_DELETE_GUARD_PERCENT'
        | 'INTEGRATION_TOKEN_FAILURES_PER_ADDRESS'
        | 'supplier'
        | 'QUALITY_PHONE'
        | 'SESSION_CACHE_SECONDS'
        | 'WEBHOOK_ALLOW_HTTP'
        | 'METRICS_TOKEN'
      >
    >;
  database: Database;
  secrets: Pick<Secrets, 'jwtSecret' | 'totpEncryptionKey'>;
  /** called after a transaction that put mail in the outbox (the sender sends soon instead of at its next poll) */
  mailQueued?: () => void;
  /** the process's pino logger; none in tests */
  logger?: FastifyBaseLogger;
  /** now; tests set it to check rules that count from today */
  clock?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    submissionGuard: SubmissionGuard;
  }
}

export interface AppServices {
  auth: AuthService;
  tokens: AccessTokens;
  inboundMail: InboundMail;
  replyAddresses: ReplyAddresses;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** The one application that production and the tests both build. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    ...requestIdOptions,
    trustProxy: fastifyTrustProxy(deps.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // A whole request may take 10 minutes: an integration batch of a million rows streams in while it is
    // written. Headers must still arrive within 60 s (set below), so a slow client cannot hold a socket forever.
    requestTimeout: 600_000,
    return503OnClosing: true,
    ajv: undefined,
  });
  app.server.headersTimeout = 60_000;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler(checkAnswers));
  app.setErrorHandler(errorHandler);
  const { ownerPool, appPool, ownerDb } = deps.database;
  const owned = deps.database.hasOwner;
  registerObservability(app, { metricsToken: deps.config.METRICS_TOKEN, sources: { pools: owned ? { app: appPool, owner: ownerPool } : { app: appPool }, ownerDb: owned ? ownerDb : null } });

  registerSecurityHeaders(app);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  // Answers above 1 KiB of a compressible type (JSON, CSV, text) go compressed by Accept-Encoding; brotli at a
  // quality that costs little per request. Files already compressed (PDF, XLSX, pictures) and the build's
  // precompressed assets are left as they are (decision 0024).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Mijn Spits portal API',
        description: 'The API of the customer portal. Every call lives under /api/portal/<Controller>/<Action>.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  const tokens = new AccessTokens(deps.secrets.jwtSecret);
  const mailQueued = deps.mailQueued ?? (() => undefined);
  const auth = new AuthService({
    db: deps.database.db,
    tokens,
    totpKey: deps.secrets.totpEncryptionKey,
    publicUrl: deps.config.PUBLIC_URL,
    addressLimit: deps.config.AUTH_RATE_LIMIT_PER_ADDRESS,
    mailQueued,
  });
  app.decorate('tenantWork', new TenantWork({ db: deps.database.db, readDb: deps.database.readDb, mailQueued }));
  const { replyAddresses, inboundMail } = openInboundMail(app, { database: deps.database, config: deps.config, jwtSecret: deps.secrets.jwtSecret });
  app.decorate('services', { auth, tokens, inboundMail, replyAddresses });
  const sessions = new LiveSessions({
    db: deps.database.db,
    pool: deps.database.appPool,
    listenOn: owned ? [deps.database.appPool, deps.database.ownerPool] : [deps.database.appPool],
    maxAgeMs: (deps.config.SESSION_CACHE_SECONDS ?? 60) * 1000,
    log: app.log,
  });
  await sessions.start();
  app.decorate('liveSessions', sessions);
  app.addHook('onClose', () => sessions.close());
  registerAuthGuard(app, { tokens, sessions });
  app.decorate(
    'submissionGuard',
    new SubmissionGuard({
      db: deps.database.db,
      limits: {
        perMinute: deps.config.SUBMISSION_LIMIT_PER_MINUTE ?? defaultSubmissionLimits.perMinute,
        perDay: deps.config.SUBMISSION_LIMIT_PER_DAY ?? defaultSubmissionLimits.perDay,
      },
    }),
  );

  // The customers' door: every call of the spec, and ours beside them, registered on it.
  // Refused calls leave rows, as many an address may leave in a window as it may try logins (decision 0066).
  const refusals = new RefusalTrail({
    limit: deps.config.AUTH_RATE_LIMIT_PER_ADDRESS,
    windowSeconds: authTimes.addressWindowSeconds,
    clock: deps.clock ?? (() => new Date()),
  });
  const portal = portalDoor(app, { db: deps.database.db, refusals });
  registerAuthRoutes(portal, auth);
  registerAssortmentRoutes(portal);
  const mailTo = { serviceMailAddress: deps.config.SERVICE_MAIL_ADDRESS, publicUrl: deps.config.PUBLIC_URL }; // its mails link to the item, not carry it
  registerContentRoutes(portal, { db: deps.database.db, ...mailTo });
  registerPackingOrderRoutes(portal);
  registerIntegrationRoutes(app, {
    db: deps.database.db,
    jwtSecret: deps.secrets.jwtSecret,
    clock: deps.clock ?? (() => new Date()),
    tokenFailureLimits: {
      perClient: deps.config.INTEGRATION_TOKEN_FAILURES_PER_CLIENT ?? defaultTokenFailureLimits.perClient,
      perAddress: deps.config.INTEGRATION_TOKEN_FAILURES_PER_ADDRESS ?? defaultTokenFailureLimits.perAddress,
    },
    refusals,
    deleteGuardPercent: deps.config.INTEGRATION_DELETE_GUARD_PERCENT ?? DEFAULT_DELETE_GUARD_PERCENT,
    mailQueued,
    publicUrl: deps.config.PUBLIC_URL,
    replyAddresses,
  });
  registerDeliveryScheduleRoutes(portal);
  registerInvoiceRoutes(portal, { supplier: deps.config.supplier ?? demoSupplier });
  registerPharmacistRoutes(portal, { auth });
  registerServiceProductRoutes(portal, { db: deps.database.db, ...mailTo });
  await registerFileRoutes(portal, { maxBytes: deps.config.UPLOAD_MAX_BYTES });
  registerPatientRoutes(portal);
  registerRequestFormRoutes(portal, { ...mailTo, clock: deps.clock ?? (() => new Date()) });

  registerImperfectionReportRoutes(portal, {
    db: deps.database.db,
    defaultProfile: deps.config.DEPLOYMENT_PROFILE,
    qualityMailAddress: deps.config.QUALITY_MAIL_ADDRESS,
    publicUrl: mailTo.publicUrl,
  });
  registerMyRequestRoutes(portal, { publicUrl: deps.config.PUBLIC_URL });
  registerDashboardRoutes(portal, { clock: deps.clock ?? (() => new Date()) });
  // Exports hold a connection of the read pool while they stream: at most a third of it at once.
  const exportSlots = new ExportSlots(Math.max(1, Math.floor((deps.database.readPool.options.max ?? 10) / 3)));
  registerExportRoutes(portal, { clock: deps.clock ?? (() => new Date()), slots: exportSlots });
  registerAccessLogRoutes(portal, { clock: deps.clock ?? (() => new Date()), exportSlots });
  registerSiteProfileRoute(app, {
    db: deps.database.db,
    defaultProfile: deps.config.DEPLOYMENT_PROFILE,
    qualityContact: { phone: deps.config.QUALITY_PHONE ?? defaultQualityPhone, email: deps.config.QUALITY_MAIL_ADDRESS },
  });
  await registerBackofficeRoutes(
    app,
    {
      db: deps.database.db,
      readDb: deps.database.readDb,
      jwtSecret: deps.secrets.jwtSecret,
      totpKey: deps.secrets.totpEncryptionKey,
      publicUrl: deps.config.PUBLIC_URL,
      replyAddresses,
      addressLimit: deps.config.AUTH_RATE_LIMIT_PER_ADDRESS,
      mailQueued,
      serviceMailAddress: deps.config.SERVICE_MAIL_ADDRESS,
      qualityMailAddress: deps.config.QUALITY_MAIL_ADDRESS,
      clock: deps.clock ?? (() => new Date()),
      defaultProfile: deps.config.DEPLOYMENT_PROFILE,
      refusals,
    },
    // The back-office's parts, each declaring its calls on the door: the inbox, the customers, the content, the audit log, the webhooks,
    // the import runs.
    [registerInbox, registerCustomersAdmin, registerContentAdmin, registerAuditLogRoutes, registerWebhooksAdmin({ allowHttp: deps.config.WEBHOOK_ALLOW_HTTP ?? false }), registerImportRunsAdmin, registerReporting],
  );
  registerHealthRoutes(app, deps.database.appPool);
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  await registerWebApp(app, deps.config.WEB_DIST);

  return app;
}
