import type pino from 'pino';
import { loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/database.js';
import { StartRefused } from './db/app-role.js';
import { embeddedClusterDir, startEmbeddedPostgres, type EmbeddedCluster } from './db/embedded.js';
import { createLogger } from './lib/logger.js';
import { processRole, superviseWorkers, workerCount } from './lib/workers.js';
import { demoExposureWarning, listenHost } from './lib/listen.js';
import { loadSecrets, type Secrets } from './lib/secrets.js';
import { OutboxSender } from './lib/mail.js';
import { startTracing } from './lib/observability/tracing.js';
import { startMetricsServer } from './lib/observability/metrics-server.js';
import { answerMetricsQuestions, workersMetrics } from './lib/observability/cluster-metrics.js';
import { UploadCleanup } from './lib/upload-cleanup.js';
import { JobLeases } from './lib/job-leases.js';
import { WebhookDispatcher } from './modules/webhooks/dispatcher.js';
import { inboundSmtpServer } from './modules/inbox/inbound-listeners.js';
import { InboxDigest } from './modules/inbox/digest.js';
import { rejectionRetention } from './modules/integration/run-retention.js';
import { Retention, retentionPolicy } from './modules/retention/retention.js';
import { demoBanner, seedDemoData, shouldSeed } from './demo/seed.js';
import { seedDemoInbox } from './demo/inbox.js';
import path from 'node:path';
import { demoSupplier } from './modules/invoices/supplier.js';

/** The process entry: configuration, database (embedded or external), migrations, listen, shutdown. */
async function main() {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const { secrets, madeNew } = await loadSecrets(config);
  if (madeNew.length > 0) log.info({ made: madeNew }, `Secrets made and kept in ${path.join(config.dataDir, 'secrets.json')}`);
  const external = Boolean(config.DATABASE_URL || config.DATABASE_APP_URL);
  if (external && (!config.JWT_SECRET || !config.TOTP_ENCRYPTION_KEY)) {
    // A secret made here would be this process's alone: another process would refuse its sessions and codes.
    throw new StartRefused(
      'With an external database (DATABASE_URL or DATABASE_APP_URL) every API process must be given the same JWT_SECRET and TOTP_ENCRYPTION_KEY (or JWT_SECRET_FILE and TOTP_ENCRYPTION_KEY_FILE).',
    );
  }

  const role = processRole();
  if (role.kind === 'worker') return serve(config, log, secrets, role.ownerUrl || undefined, null, role);

  let embedded: EmbeddedCluster | null = null;
  // Without either connection the portal keeps its own database; with DATABASE_APP_URL alone it serves without the owner.
  let ownerUrl = config.DATABASE_URL;
  if (!external) {
    const cluster = embeddedClusterDir(config.dataDir);
    if (cluster.moved) {
      log.warn(`The postgres user cannot enter ${config.dataDir}; the embedded database lives in ${cluster.dir} instead`);
    }
    embedded = await startEmbeddedPostgres({
      dir: cluster.dir,
      port: config.EMBEDDED_PG_PORT,
      password: secrets.embeddedPassword,
      log: { info: (m) => log.info(m), debug: (m) => log.debug(m), error: (m) => log.error(m) },
    });
    await embedded.ensureDatabase('portal');
    ownerUrl = embedded.urlFor('portal');
  }

  const workers = workerCount(config.WORKERS);
  if (workers > 1) {
    // The primary of the workers (lib/workers.ts): the migrations once, here, before any worker serves.
    const database = await openDatabase({ ownerUrl, appUrl: config.DATABASE_APP_URL, appPassword: secrets.databaseAppPassword, poolSize: 1, migrate: config.MIGRATE_ON_START, log });
    await database.close();
    const primaryOf = embedded;
    superviseWorkers({ count: workers, ownerUrl: ownerUrl ?? '', log, stopping: () => primaryOf?.expectStop(), stopped: async () => primaryOf?.stop() });
    if (config.METRICS_PORT) {
      const metricsHost = config.METRICS_HOST ?? listenHost(config.HOST, embedded !== null);
      await startMetricsServer(workersMetrics(), { port: config.METRICS_PORT, host: metricsHost });
      log.info(`Metrics of all workers on http://${metricsHost}:${config.METRICS_PORT}/metrics`);
    }
    return;
  }
  try {
    await serve(config, log, secrets, ownerUrl, embedded);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}

async function serve(
  config: Config,
  log: pino.Logger,
  secrets: Secrets,
  ownerUrl: string | undefined,
  embedded: EmbeddedCluster | null,
  worker?: { index: number; lead: boolean },
) {
  // A worker's database is its primary's: embedded when DATABASE_URL is unset.
  const embeddedDatabase = embedded !== null || (worker !== undefined && !config.DATABASE_URL && !config.DATABASE_APP_URL);
  const database = await openDatabase({
    ownerUrl,
    appUrl: config.DATABASE_APP_URL,
    readUrl: config.DATABASE_READ_URL,
    appPassword: secrets.databaseAppPassword,
    poolSize: config.DATABASE_POOL_SIZE,
    // A worker's primary applied them.
    migrate: worker ? false : config.MIGRATE_ON_START,
    timeouts: { statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS, poolWaitMs: config.DATABASE_POOL_WAIT_MS },
    log,
  });

  // What happens once per machine (jobs, outbox, reply listener, demo data) is the lead worker's, or the only
  // process's; a process without the owner's credentials serves requests only (decision 0095).
  const jobs = (worker?.lead ?? true) && database.hasOwner;
  if (!database.hasOwner) log.info('No owner connection: serving requests only; the jobs and the outbox run where DATABASE_URL is given');
  const seeding = jobs && (await shouldSeed(database, config.DEMO_DATA, embeddedDatabase));
  if (seeding) {
    log.info('Empty database: filling it with demo data');
    await seedDemoData(database, { totpKey: secrets.totpEncryptionKey });
  }

  if (config.DEMO_DATA === 'false' && config.supplier.kvkNumber === demoSupplier.kvkNumber) {
    log.warn('Invoices name the demo provider: set SUPPLIER_NAME, SUPPLIER_ADDRESS, SUPPLIER_KVK_NUMBER, SUPPLIER_VAT_NUMBER and SUPPLIER_IBAN');
  }

  const outbox = new OutboxSender(database.ownerDb, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    intervalMs: config.MAIL_POLL_INTERVAL_MS,
    logBodies: config.LOG_MAIL_BODIES,
    log,
  });
  const app = await buildApp({
    config,
    database,
    secrets,
    mailQueued: () => outbox.kick(),
    logger: log,
  });
  // The demo's inbox is filed through the app's own calls, so it needs the app (and is made once, with the rest).
  if (seeding) await seedDemoInbox(app, database);
  if (jobs) outbox.start();
  // The periodic jobs run once per interval across the fleet (decision 0098); the outbox and webhooks are queues that any process may work.
  const leases = new JobLeases(database.ownerPool);
  const uploadCleanup = new UploadCleanup(database.ownerDb, { intervalMs: config.UPLOAD_CLEANUP_INTERVAL_MS, log, leases });
  if (jobs) uploadCleanup.start();
  const webhooks = new WebhookDispatcher(database.ownerDb, {
    sealKey: secrets.totpEncryptionKey,
    settings: {
      intervalMs: config.WEBHOOK_POLL_INTERVAL_MS,
      inFlight: config.WEBHOOK_IN_FLIGHT,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      leaseMs: config.WEBHOOK_LEASE_MS,
      disableAfterMs: config.WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000,
    },
    log,
    mailQueued: () => outbox.kick(),
  });
  if (jobs) webhooks.start();
  const digest = new InboxDigest(database.ownerDb, { publicUrl: config.PUBLIC_URL, hour: config.DIGEST_HOUR, mailQueued: () => outbox.kick() }).periodic(log, leases);
  if (jobs) digest.start(60_000);
  const rejections = rejectionRetention(database.ownerDb, log, leases);
  if (jobs) rejections.start();
  const retention = new Retention(database.ownerPool, retentionPolicy(config)).periodic({ intervalMs: config.RETENTION_INTERVAL_MS, log, leases });
  // A minute after start, not during it: a process that starts (or restarts) does its own work first, and a
  // process that lives less than a minute (a test's, a one-off) leaves the daily work to the others.
  if (jobs) retention.start(60_000);

  // Traces (decision 0092): recorded and exported only while OTEL_EXPORTER_OTLP_ENDPOINT is set; flushed at the stop.
  const tracing = startTracing(config);
  // Customers' replies by mail (issue 30.3): the reply addresses' SMTP listener, when a port is configured.
  const smtp = config.INBOUND_SMTP_PORT && jobs ? inboundSmtpServer(app.services.inboundMail, app.services.replyAddresses, log) : null;

  let closing = false;
  /**
   * The drain (decision 0096): readiness answers 503 at once; the process serves DRAIN_SECONDS more while the
   * balancer notices (a SIGINT at a terminal does not wait); then it takes no new connections, finishes the requests
   * in flight, stops its jobs and exits. It is forced out only after the longest a request may take.
   */
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    // A Ctrl-C reaches PostgreSQL too (same process group): its exit is no crash to recover from.
    embedded?.expectStop();
    app.startDraining();
    const drainMs = signal === 'SIGTERM' ? config.DRAIN_SECONDS * 1000 : 0;
    const forceAfterMs = drainMs + app.server.requestTimeout + 30_000;
    log.info(`${signal}: /api/ready answers 503; serving ${drainMs / 1000} s more, then finishing requests in flight`);
    const force = setTimeout(() => {
      log.error(`Shutdown took longer than ${Math.round(forceAfterMs / 1000)} s: stopping now`);
      embedded?.stopNow();
      process.exit(1);
    }, forceAfterMs);
    force.unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, drainMs));
      log.info('Taking no new connections; finishing requests in flight');
      await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
      await app.close();
      await outbox.stop();
      await uploadCleanup.stop();
      await webhooks.stop();
      await digest.stop();
      await rejections.stop();
      await retention.stop();
      await database.close();
      await tracing?.stop();
      await embedded?.stop();
      log.info('Stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'Error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const host = listenHost(config.HOST, embeddedDatabase);
  await app.listen({ port: config.PORT, host });
  if (smtp && config.INBOUND_SMTP_PORT) {
    const smtpHost = config.INBOUND_SMTP_HOST ?? host;
    await new Promise<void>((resolve, reject) => {
      smtp.once('error', reject);
      smtp.listen(config.INBOUND_SMTP_PORT, smtpHost, () => resolve());
    });
    if (!config.INBOUND_MAIL_DOMAIN) log.warn('INBOUND_SMTP_PORT is set without INBOUND_MAIL_DOMAIN: mails carry no reply address, so no reply can arrive');
    log.info(`Replies by mail taken on ${smtpHost}:${config.INBOUND_SMTP_PORT}`);
  }
  // Metrics on a port of their own (decision 0092); it ends with the process, so that a scrape still sees the drain.
  // A worker's metrics are asked for by its primary, which serves the machine's sum on the port (decision 0097).
  if (worker) answerMetricsQuestions(app.metrics);
  else if (config.METRICS_PORT) {
    const metricsHost = config.METRICS_HOST ?? host;
    await startMetricsServer(app.metrics, { port: config.METRICS_PORT, host: metricsHost });
    log.info(`Metrics on http://${metricsHost}:${config.METRICS_PORT}/metrics`);
  }
  const banner = jobs ? await demoBanner(database, config.PUBLIC_URL) : null;
  if (banner) process.stdout.write(`${banner}\n`);
  const exposed = demoExposureWarning(host, banner !== null);
  if (exposed) {
    log.warn(`Demo accounts are reachable from the network on ${host}`);
    process.stderr.write(`\n${exposed}\n\n`);
  }
  log.info(`Portal ready on ${config.PUBLIC_URL}${worker ? ` (worker ${worker.index})` : ''}`);
}

main().catch((error: unknown) => {
  const said = error instanceof StartRefused ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`Start failed: ${said}\n`);
  process.exit(1);
});
