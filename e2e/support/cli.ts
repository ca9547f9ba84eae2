import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { portalEnv, repoRoot } from './env.js';

const run = promisify(execFile);

export interface Invitation {
  client?: string;
  email: string;
  firstName: string;
  middleName?: string;
  lastName: string;
  type: 'Administrator' | 'Employee';
}

/**
 * The provider's onboarding command against the portal under test: makes an inactive account and queues
 * its activation mail, which the running server sends to the test's SMTP server.
 */
export async function invite({ client = 'APO-1001', email, firstName, middleName, lastName, type }: Invitation): Promise<string> {
  const args = [
    path.join(repoRoot, 'apps/api/dist/cli.js'),
    'invite',
    '--client', client,
    '--email', email,
    '--first-name', firstName,
    ...(middleName ? ['--middle-name', middleName] : []),
    '--last-name', lastName,
    '--type', type,
  ];
  try {
    const { stdout } = await run(process.execPath, args, { cwd: repoRoot, env: portalEnv(), timeout: 30_000 });
    return stdout;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`invite ${email} failed: ${stderr || stdout || String(error)}`);
  }
}
