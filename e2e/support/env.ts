import os from 'node:os';
import path from 'node:path';

/** Fixed for one run: the config file is read by the runner and by every worker, so nothing here is random. */
export const e2eEnv = {
  port: Number(process.env.E2E_PORT ?? 3107),
  pgPort: Number(process.env.E2E_PG_PORT ?? 54407),
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 2527),
  /** where the run keeps its database, its received mails and its server log */
  workDir: process.env.E2E_WORK_DIR ?? path.join(os.tmpdir(), 'portal-e2e'),
};
export const baseURL = `http://localhost:${e2eEnv.port}`;
export const mailDir = path.join(e2eEnv.workDir, 'mails');
