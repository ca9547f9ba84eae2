// Latency figures of the benchmarks: percentiles of a run, and a run over HTTP with autocannon.
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import autocannon from 'autocannon';

/** p50/p95/p99 in ms (two decimals), requests per second, and the count of requests and failures. */
export function percentiles(latencies, secondsTaken, failed) {
  const sorted = Float64Array.from(latencies).sort();
  const at = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
  const round = (ms) => Math.round(ms * 100) / 100;
  return { p50: round(at(50)), p95: round(at(95)), p99: round(at(99)), rps: Math.round(sorted.length / secondsTaken), requests: sorted.length, failed };
}

/**
 * `connections` clients call `url` for `seconds`; only 2xx answers (or the `status` asked, such as 304) count for
 * the latencies, the rest as failed.
 */
export function measureHttp(url, connections, seconds, { method = 'GET', headers = {}, body, status }) {
  const expected = status === undefined ? (code) => code >= 200 && code < 300 : (code) => code === status;
  return new Promise((resolve, reject) => {
    const latencies = [];
    let unexpected = 0;
    const started = performance.now();
    const instance = autocannon({ url, connections, duration: seconds, method, headers, body }, (error, result) => {
      if (error) return reject(error);
      resolve(percentiles(latencies, (performance.now() - started) / 1000, unexpected + result.errors + result.timeouts));
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (expected(statusCode)) latencies.push(responseTime);
      else unexpected += 1;
    });
  });
}

/**
 * CPU time (ms) that a server and everything it started have used so far, from Linux's /proc: user and system
 * time, with what their ended children used. `own` is the server's program: the process itself and, when it is the
 * primary of WORKERS, its workers (its direct children running the same program, counted in `workers`);
 * `descendants` is the rest (PostgreSQL's server and its backends, for a server that runs the embedded database).
 * Null where /proc is not there. Divided by a run's requests, it says which side a request's cost is on (on a
 * shared machine it varies between runs much as requests per second do).
 */
export async function cpuTimes(rootPid) {
  let entries;
  try {
    entries = await readdir('/proc');
  } catch {
    return null;
  }
  const stats = new Map();
  await Promise.all(
    entries
      .filter((name) => /^\d+$/.test(name))
      .map(async (name) => {
        try {
          const text = await readFile(`/proc/${name}/stat`, 'utf8');
          // The command may hold spaces or parentheses: the fields start after its last ')'.
          const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
          // proc(5) numbers the fields from 1: 4 ppid, 14–15 utime and stime, 16–17 cutime and cstime (in ticks).
          const field = (i) => Number(fields[i - 3]);
          const program = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
          stats.set(Number(name), { program, ppid: field(4), own: field(14) + field(15), children: field(16) + field(17) });
        } catch {
          // the process ended meanwhile
        }
      }),
  );
  const ms = (ticks) => (ticks * 1000) / CLOCK_TICKS;
  const self = stats.get(rootPid);
  if (!self) return null;
  let [own, descendants, workers] = [self.own, self.children, 0];
  const below = new Set([rootPid]);
  // Parents come before children often but not always: repeat until no process is added.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, stat] of stats) {
      if (!below.has(pid) && below.has(stat.ppid)) {
        below.add(pid);
        // A cluster's worker is a fork of the server: its work is the API's, not PostgreSQL's.
        if (stat.ppid === rootPid && stat.program === self.program) {
          own += stat.own + stat.children;
          workers += 1;
        } else descendants += stat.own + stat.children;
        grew = true;
      }
    }
  }
  return { own: ms(own), descendants: ms(descendants), workers };
}

/**
 * The whole machine's CPU time so far (ticks, all cores): busy (user, nice, system, interrupts, steal) and in all,
 * from Linux's /proc/stat; null where it is not there. Over a run, busy/all is how much of the machine was used by
 * anyone: the benchmark's processes, the kernel's network work for them, and whatever else runs on the host.
 */
export async function machineCpu() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = (await readFile('/proc/stat', 'utf8')).split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, all: busy + idle + iowait };
  } catch {
    return null;
  }
}

/**
 * `run`'s figures with the CPU time each request cost (µs): the server `serverPid`'s own processes (`api`: with
 * WORKERS, the workers too), PostgreSQL's processes below it (`db`), and this process (`client`: autocannon, or the
 * floor's own code); and the share of all the machine's CPUs over the run that this process took (`clientShare`),
 * that the three took together (`busyShare`) and that anyone took (`machineShare`): on a machine of few cores the
 * load generator competes with what it measures, and so does other work on the host.
 */
export async function withCpu(serverPid, run) {
  const [before, mine, machine] = [await cpuTimes(serverPid), process.cpuUsage(), await machineCpu()];
  const started = performance.now();
  const figures = await run();
  const wallMs = performance.now() - started;
  const [after, mineAfter, machineAfter] = [await cpuTimes(serverPid), process.cpuUsage(mine), await machineCpu()];
  if (!before || !after || !figures.requests) return figures;
  const [apiMs, dbMs, clientMs] = [after.own - before.own, after.descendants - before.descendants, (mineAfter.user + mineAfter.system) / 1000];
  const perRequest = (ms) => Math.round((ms * 1000) / figures.requests);
  const share = (ms) => Math.round((ms / (wallMs * os.cpus().length)) * 100) / 100;
  const machineShare = machine && machineAfter ? Math.round(((machineAfter.busy - machine.busy) / (machineAfter.all - machine.all)) * 100) / 100 : undefined;
  return {
    ...figures,
    cpu: { api: perRequest(apiMs), db: perRequest(dbMs), client: perRequest(clientMs), clientShare: share(clientMs), busyShare: share(apiMs + dbMs + clientMs), machineShare },
  };
}

/** Linux's USER_HZ: 100 on every kernel the benchmark runs on (sysconf is not reachable from Node). */
const CLOCK_TICKS = 100;
