// The worker counts of `npm run bench` (BENCH_WORKERS, issue 31.2): which counts to measure, and the built server
// started with one of them on the benchmark's data.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { waitForHealth } from './bench-data.mjs';
import { cpuTimes } from './bench-measure.mjs';

/** BENCH_WORKERS ("1,2", "auto" for the machine's cores, or a mix) as the counts in the order given; unset: [1]. */
export function workerCounts(setting) {
  if (setting === undefined || setting.trim() === '') return [1];
  const counts = setting.split(',').map((part) => {
    const value = part.trim();
    if (value === 'auto') return os.availableParallelism();
    // The server's own limits for WORKERS (config.ts): a whole number from 1 to 64.
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 64) {
      throw new Error(`BENCH_WORKERS: "${value}" is not a worker count (a whole number from 1 to 64, or auto); e.g. BENCH_WORKERS=1,2`);
    }
    return Number(value);
  });
  return [...new Set(counts)];
}

/**
 * Starts `serverFile` with WORKERS=`workers` and waits until it answers; checks that a count above 1 really made
 * that many workers (an older build given by BENCH_SERVER knows no WORKERS and would be measured as one process).
 * `stop` ends it and waits for its exit.
 */
export async function startServerWithWorkers({ serverFile, cwd, env, base, workers }) {
  const server = spawn(process.execPath, [serverFile], { cwd, env: { ...env, WORKERS: String(workers) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForHealth(server, base);
    const found = (await cpuTimes(server.pid))?.workers;
    if (workers > 1 && found !== undefined && found !== workers) {
      throw new Error(`asked for ${workers} workers, the server started ${found} (does ${serverFile} know WORKERS?)`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid: server.pid, stop };
}
