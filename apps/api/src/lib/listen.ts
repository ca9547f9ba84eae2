import { isIP } from 'node:net';

/**
 * Where the server listens. HOST when set; otherwise loopback for the embedded database (a demo or a
 * developer's machine, whose demo accounts have a published password), and every address for an external
 * database (a real deployment behind a load balancer).
 */
export function listenHost(host: string | undefined, embedded: boolean): string {
  if (host) return host;
  return embedded ? '127.0.0.1' : '0.0.0.0';
}

/** True when only this machine can reach the address (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/** The warning printed at start when the demo accounts can be reached from the network; null when safe. */
export function demoExposureWarning(host: string, demoAccountsExist: boolean): string | null {
  if (!demoAccountsExist || isLoopback(host)) return null;
  const bar = '!'.repeat(78);
  return [
    bar,
    `WARNING: the portal listens on ${host} (reachable from the network) while the demo accounts exist.`,
    'Their password is published in the README: anyone who can reach this machine can log in.',
    'Unset HOST to listen on 127.0.0.1 only, or start on a database without demo data (DEMO_DATA=false).',
    bar,
  ].join('\n');
}
