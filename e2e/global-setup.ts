import { spawn } from 'node:child_process';
import { mkdir, rm, chmod, writeFile, open } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { baseURL, e2eEnv, mailDir, portalEnv, repoRoot } from './support/env.js';

async function waitForHealth(url: string, timeoutMs: number, log: string) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The portal did not become healthy at ${url}; see ${log}`);
}

/**
 * Starts a real SMTP server (every mail it receives is parsed and kept as JSON for the tests to read) and
 * the built portal on a fresh embedded database pointed at it. Answers the teardown.
 */
export default async function globalSetup() {
  await rm(e2eEnv.workDir, { recursive: true, force: true });
  await mkdir(mailDir, { recursive: true });
  // As root, PostgreSQL runs as the postgres user, who must be able to enter the folder.
  await chmod(e2eEnv.workDir, 0o755);

  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          received += 1;
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));
          const file = path.join(mailDir, `${Date.now()}-${String(received).padStart(4, '0')}.json`);
          await writeFile(
            file,
            JSON.stringify({
              to,
              subject: mail.subject ?? '',
              replyTo: mail.replyTo?.value[0]?.address ?? null,
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size })),
            }),
          );
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(e2eEnv.smtpPort, '127.0.0.1', resolve));

  const logFile = path.join(e2eEnv.workDir, 'server.log');
  const log = await open(logFile, 'w');
  const server = spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist/server.js')], {
    cwd: repoRoot,
    env: portalEnv(),
    stdio: ['ignore', log.fd, log.fd],
  });
  await waitForHealth(`${baseURL}/api/health`, 90_000, logFile);

  return async () => {
    // A server that has already ended (a crash during the run) sends no second 'exit'.
    if (server.exitCode === null && server.signalCode === null) {
      await new Promise<void>((resolve) => {
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      });
    }
    await log.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}
