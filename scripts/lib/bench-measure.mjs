// Latency figures of the benchmarks: percentiles of a run, and a run over HTTP with autocannon.
import { readdir, readFile } from 'node:fs/promises';
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

/** Linux's USER_HZ: 100 on every kernel the benchmark runs on (sysconf is not reachable from Node). */
const CLOCK_TICKS = 100;
