import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Fixed for one run: the config file is read by the runner and by every worker, so nothing here is random. */
export const e2eEnv = {
  port: Number(process.env.E2E_PORT ?? 3107),
  pgPort: Number(process.env.E2E_PG_PORT ?? 54407),
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 2527),
  /** the portal's own SMTP listener, which takes customers' replies by mail */
  inboundSmtpPort: Number(process.env.E2E_INBOUND_SMTP_PORT ?? 2528),
  /** where the run keeps its database, its received mails and its server log */
  workDir: process.env.E2E_WORK_DIR ?? path.join(os.tmpdir(), 'portal-e2e'),
};
export const baseURL = `http://localhost:${e2eEnv.port}`;
export const mailDir = path.join(e2eEnv.workDir, 'mails');
/** The domain of the reply addresses the portal's mails carry (`antwoord+…@`). */
export const inboundMailDomain = 'antwoord.mijnspits.example';

/** The repository root: the built server and CLI are under apps/api/dist. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The environment of the portal under test: the server started by global-setup.ts, and the CLI (invite),
 * which must see the same data folder, embedded database and public URL to act on the same portal.
 */
export function portalEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(e2eEnv.port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(e2eEnv.workDir, 'data'),
    EMBEDDED_PG_PORT: String(e2eEnv.pgPort),
    SMTP_URL: `smtp://127.0.0.1:${e2eEnv.smtpPort}`,
    PUBLIC_URL: baseURL,
    INBOUND_MAIL_DOMAIN: inboundMailDomain,
    INBOUND_SMTP_PORT: String(e2eEnv.inboundSmtpPort),
    MAIL_POLL_INTERVAL_MS: '200',
    AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
    SUBMISSION_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'true',
    // The run's end stops it at once; the drain has a test of its own.
    DRAIN_SECONDS: '0',
  };
}
