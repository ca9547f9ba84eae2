import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.js';
import { embeddedClusterDir } from './db/embedded.js';

/** Whether a process of this id runs (signal 0 only asks). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The embedded PostgreSQL's postmaster id when it still runs from `clusterDir`, else null. */
export function runningPostmaster(clusterDir: string): number | null {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n', 1)[0]);
  return Number.isInteger(pid) && pid > 0 && running(pid) ? pid : null;
}

/**
 * `npm run portal -- reset-data`: starting over with fresh demo data. Removes DATA_DIR (database, secrets) and,
 * when the database was moved out of it (as root, under /var/lib/mijnspits), that folder as well; the next
 * `npm start` makes both anew. Refused with an external database and while the portal still runs. `cluster`
 * is where the database lives (given by tests, which cover a moved one on any machine).
 */
export async function resetData(
  config: Pick<Config, 'DATABASE_URL' | 'dataDir'>,
  say: (line: string) => void,
  cluster = embeddedClusterDir(config.dataDir),
): Promise<void> {
  if (config.DATABASE_URL) throw new Error('reset-data is alleen voor de ingebouwde database; DATABASE_URL is gezet.');
  const pid = runningPostmaster(cluster.dir);
  if (pid !== null) throw new Error(`De database draait nog (proces ${pid}): stop het portaal eerst (Ctrl+C bij npm start).`);
  for (const dir of cluster.moved ? [config.dataDir, cluster.dir] : [config.dataDir]) {
    if (!existsSync(dir)) continue;
    await rm(dir, { recursive: true, force: true });
    say(`Verwijderd: ${dir}`);
  }
  say('Bij de volgende start (npm start) maakt het portaal een nieuwe database met demogegevens.');
}
