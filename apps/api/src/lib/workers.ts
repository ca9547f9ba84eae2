import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';

/**
 * Every core of one machine (issue 31.2, decision 0097): with WORKERS above 1 the process started becomes the primary
 * and forks that many server processes, which share its port (node's cluster hands each connection to one). The
 * primary serves nothing itself: it keeps the embedded PostgreSQL, applies the migrations once, starts the workers,
 * starts a worker again that ended without being asked, and passes a stop on to all of them. Worker 1, the lead,
 * does what must happen once on the machine: the periodic jobs, the mail outbox, the reply listener, the demo data.
 */

/** The number of server processes a WORKERS setting asks for. */
export function workerCount(setting: number | 'auto'): number {
  return setting === 'auto' ? os.availableParallelism() : setting;
}

/** How a worker learns what the primary prepared. */
const env = { index: 'PORTAL_WORKER', ownerUrl: 'PORTAL_WORKER_OWNER_URL' } as const;

/** This process's part: the only one (no workers), the primary of workers, or worker n. */
export function processRole(): { kind: 'single' } | { kind: 'primary' } | { kind: 'worker'; index: number; lead: boolean; ownerUrl: string } {
  if (cluster.isPrimary) return { kind: 'single' };
  const index = Number(process.env[env.index]);
  return { kind: 'worker', index, lead: index === 1, ownerUrl: process.env[env.ownerUrl] ?? '' };
}

interface PrimaryOptions {
  count: number;
  /** the owner's connection the workers use (the embedded database's, or DATABASE_URL) */
  ownerUrl: string;
  log: { info(msg: string): void; error(obj: unknown, msg?: string): void };
  /** at a stop's start: a Ctrl-C reaches the embedded database too, whose end is then no crash */
  stopping: () => void;
  /** after every worker has ended on a stop: the embedded database's stop */
  stopped: () => Promise<void>;
}

/** Forks the workers and looks after them until a SIGTERM or SIGINT, which each of them gets and drains on. */
export function superviseWorkers(options: PrimaryOptions): void {
  const { log } = options;
  let stopping = false;
  const running = new Map<number, Worker>();
  const restarts: number[] = [];

  const fork = (index: number) => {
    const worker = cluster.fork({ [env.index]: String(index), [env.ownerUrl]: options.ownerUrl });
    running.set(index, worker);
    worker.on('exit', (code, signal) => {
      running.delete(index);
      if (stopping) {
        if (running.size === 0) void finish();
        return;
      }
      // A worker that ends unasked is started again, at most five times a minute in all (not a crash loop).
      const now = Date.now();
      restarts.push(now);
      while (restarts.length && restarts[0]! < now - 60_000) restarts.shift();
      if (restarts.length > 5) {
        log.error({ code, signal }, `Worker ${index} ended; too many restarts within a minute: stopping`);
        void stop('SIGTERM', 1);
        return;
      }
      log.error({ code, signal }, `Worker ${index} ended unasked: starting it again`);
      fork(index);
    });
  };

  let exitCode = 0;
  const finish = async () => {
    await options.stopped();
    log.info('All workers stopped');
    process.exit(exitCode);
  };
  const stop = async (signal: NodeJS.Signals, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    options.stopping();
    log.info(`${signal}: passed on to ${running.size} worker(s)`);
    if (running.size === 0) return finish();
    for (const worker of running.values()) worker.process.kill(signal);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  for (let index = 1; index <= options.count; index += 1) fork(index);
  log.info(`${options.count} workers started`);
}
