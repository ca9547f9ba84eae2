// Latency figures of the benchmarks: percentiles of a run, and a run over HTTP with autocannon.
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
