import type { JobLeases } from './job-leases.js';
import { noteJobRun } from './observability/signals.js';

/**
 * Background work of the API process (the mail outbox, the upload cleanup): run at start (or a while after), then `intervalMs`
 * after each run has ended, never two runs at once. A failed run is logged and the next one is still
 * scheduled; `stop` waits for a run in flight. The timer never keeps the process alive on its own. Each run's end
 * is told to the metrics under the job's name (decision 0092). With `turns`, the fleet runs it once per interval.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly run: () => Promise<void>,
    private readonly options: {
      name: string;
      intervalMs: number;
      onError: (error: unknown) => void;
      /**
       * Once per interval across all processes (decision 0098): the job then looks every `everyMs` (a minute, or its
       * interval when shorter) whether its turn is due, and runs only the turns it takes.
       */
      turns?: { leases: JobLeases; everyMs?: number };
    },
  ) {}

  /** Starts the job: its first run `firstRunInMs` from now (at once by default). */
  start(firstRunInMs = 0): void {
    this.stopped = false;
    this.schedule(firstRunInMs);
  }

  /** Run soon, without waiting for the interval, unless a run is under way or the job is stopped. */
  kick(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.turn()
        .catch((error: unknown) => this.options.onError(error))
        .finally(() => {
          this.running = null;
          this.schedule(this.options.turns ? Math.min(this.options.intervalMs, this.options.turns.everyMs ?? 60_000) : this.options.intervalMs);
        });
    }, delay);
    this.timer.unref();
  }

  /** One run, or with turns the run of a turn this process took; its end told to the metrics and the lease. */
  private async turn(): Promise<void> {
    const { name, intervalMs, turns } = this.options;
    if (turns && !(await turns.leases.take(name, intervalMs))) return;
    let outcome: 'succeeded' | 'failed' = 'succeeded';
    try {
      await this.run();
    } catch (error) {
      outcome = 'failed';
      throw error;
    } finally {
      noteJobRun({ job: name, outcome, endedAt: new Date() });
      await turns?.leases.end(name, outcome);
    }
  }
}
