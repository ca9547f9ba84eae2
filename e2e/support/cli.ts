import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { demoFacts } from '../../apps/api/src/test/demo-facts.js';
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

/** Runs one command of the provider's CLI (apps/api/dist/cli.js) against the portal under test. */
async function portalCli(what: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(process.execPath, [path.join(repoRoot, 'apps/api/dist/cli.js'), ...args], {
      cwd: repoRoot,
      env: portalEnv(),
      timeout: 30_000,
    });
    return stdout;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${what} failed: ${stderr || stdout || String(error)}`);
  }
}

/**
 * The provider's onboarding command against the portal under test: makes an inactive account and queues
 * its activation mail, which the running server sends to the test's SMTP server.
 */
export async function invite({ client = demoFacts.customer.code, email, firstName, middleName, lastName, type }: Invitation): Promise<string> {
  return portalCli(`invite ${email}`, [
    'invite',
    '--client', client,
    '--email', email,
    '--first-name', firstName,
    ...(middleName ? ['--middle-name', middleName] : []),
    '--last-name', lastName,
    '--type', type,
  ]);
}

export interface NewCustomer {
  /** at most 32 characters */
  code: string;
  name: string;
  kind: 'Pharmacy' | 'CareInstitution';
}

/** The provider's command that onboards a customer: a customer without any data of its own yet. */
export async function createCustomer({ code, name, kind }: NewCustomer): Promise<string> {
  return portalCli(`create-client ${code}`, ['create-client', '--code', code, '--name', name, '--kind', kind]);
}

/** The provider's command that makes an integration client: its id and its secret, printed once. */
export async function createIntegration(name: string, scopes: string): Promise<{ clientId: string; clientSecret: string }> {
  const out = await portalCli(`create-integration ${name}`, ['create-integration', '--name', name, '--scopes', scopes]);
  const clientId = /client_id:\s+(\S+)/.exec(out)?.[1];
  const clientSecret = /client_secret:\s+(\S+)/.exec(out)?.[1];
  if (!clientId || !clientSecret) throw new Error(`create-integration printed no credentials: ${out}`);
  return { clientId, clientSecret };
}

/** The provider's command that makes a staff account (the first Beheerder's way in): the invitation link it prints. */
export async function createStaff(options: { email: string; firstName: string; lastName: string; role: 'Beheerder' | 'Klantenservice' | 'Kwaliteit' }): Promise<URL> {
  const out = await portalCli(`create-staff ${options.email}`, [
    'create-staff',
    '--email', options.email,
    '--first-name', options.firstName,
    '--last-name', options.lastName,
    '--role', options.role,
  ]);
  const link = /(https?:\/\/\S+\/beheer\/uitnodiging\?token=\S+)/.exec(out)?.[1];
  if (!link) throw new Error(`create-staff printed no invitation link: ${out}`);
  return new URL(link);
}
