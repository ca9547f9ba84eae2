// The report of `npm run bench`: the table of every call, shape and connection count against its targets, the
// authenticated baseline against the trivial route, and an earlier run's figures beside this one's.
import os from 'node:os';

export const TARGET_P95_MS = 30;
export const TARGET_RATIO = 1.5;
// The authenticated baseline's requests per second against the trivial route's, at 32 connections.
export const TARGET_BASELINE_SHARE = 0.4;

// Issue 15 holds the invoice and calendar (delivery schedule) tables to the p95 target; the other tables' p95 is
// printed beside them without a verdict.
const p95Held = (r) => (r.call === 'Invoice/GetInvoiceTable' || r.call === 'Order/GetOrderFulfillmentSchedulesTable') && r.connections === 32;
const fmt = (n) => (Number.isFinite(n) ? (n >= 100 ? String(Math.round(n)) : n.toFixed(1)) : '–');

/**
 * Prints the table of `results` and what the figures mean; gives each result its API/SQL ratio and its targets'
 * verdicts (apiToSqlP50, targets), which the written results keep.
 */
export function printResults(results, { skipped, loadBefore, loadAfter }) {
  const header = ['call', 'shape', 'conn', 'API p50', 'p95', 'p99', 'req/s', 'CPU µs: API', 'PG', 'SQL p50', 'p95', 'p99', 'q/s', 'API/SQL p50', 'target'];
  const rows = results.map((r) => {
    const ratio = r.sql ? r.api.p50 / r.sql.p50 : NaN;
    const checks = [];
    if (p95Held(r)) checks.push(r.api.p95 < TARGET_P95_MS ? 'p95 ok' : `p95 > ${TARGET_P95_MS}`);
    if (r.sql) checks.push(ratio <= TARGET_RATIO ? `≤${TARGET_RATIO}× ok` : `> ${TARGET_RATIO}×`);
    if (r.api.failed) checks.push(`${r.api.failed} failed`);
    r.apiToSqlP50 = Number.isFinite(ratio) ? Math.round(ratio * 100) / 100 : null;
    r.targets = { p95Under30AtConn32: p95Held(r) ? r.api.p95 < TARGET_P95_MS : null, p50WithinRatioOfSql: r.sql ? ratio <= TARGET_RATIO : null };
    return [r.call.replace(' (framework ceiling)', ''), r.shape, String(r.connections), fmt(r.api.p50), fmt(r.api.p95), fmt(r.api.p99), String(r.api.rps),
      r.api.cpu ? String(r.api.cpu.api) : '–', r.api.cpu ? String(r.api.cpu.db) : '–', fmt(r.sql?.p50), fmt(r.sql?.p95), fmt(r.sql?.p99), r.sql ? String(r.sql.rps) : '–', Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '–', checks.join(', ')];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i < 2 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
  console.log(
    `\nLatencies in ms (exact percentiles of every request). CPU µs: what one request cost the API server's process and PostgreSQL's` +
      ` (user and system time from /proc over the run, divided by its requests: which side a request's cost is on).` +
      ` ${os.cpus().length} CPUs; load average before ${loadBefore[0].toFixed(1)}, after ${loadAfter[0].toFixed(1)}.` +
      ` Targets: p95 < ${TARGET_P95_MS} ms at 32 connections for the invoice and delivery schedule tables; API p50 within ${TARGET_RATIO}× of SQL p50.`,
  );
  for (const s of skipped) console.log(`Skipped (404): ${s}`);
}

/** The authenticated baseline's requests per second against the trivial route's, and against its own database work. */
export function printBaseline(results) {
  const at32 = (call) => results.find((r) => r.call.startsWith(call) && r.connections === 32);
  const [trivial, baseline] = [at32('trivial JSON route'), at32('authenticated baseline')];
  if (!trivial || !baseline) return;
  const share = baseline.api.rps / trivial.api.rps;
  console.log(
    `Authenticated baseline at 32 connections: ${baseline.api.rps} req/s, ${(share * 100).toFixed(0)} % of the trivial route's ${trivial.api.rps}` +
      ` (target ≥ ${TARGET_BASELINE_SHARE * 100} %: ${share >= TARGET_BASELINE_SHARE ? 'met' : 'missed'}).`,
  );
  if (baseline.sql) {
    console.log(
      `Its database work alone (the account read for the customer: BEGIN READ ONLY, the kept prepared statement and COMMIT in one round trip): ${baseline.sql.rps} per second, ` +
        `${((baseline.sql.rps / trivial.api.rps) * 100).toFixed(0)} % of the trivial route; the API reaches ${((baseline.api.rps / baseline.sql.rps) * 100).toFixed(0)} % of that floor.`,
    );
  }
}

/** Whether the invoice and calendar tables met the p95 target at 32 connections (after printResults). */
export function printP95Verdict(results) {
  const heldRows = results.filter(p95Held);
  const missed = heldRows.filter((r) => !r.targets.p95Under30AtConn32);
  if (!heldRows.length) return;
  console.log(
    missed.length
      ? `p95 target missed by ${missed.length} of ${heldRows.length} invoice and delivery schedule table cases at 32 connections.`
      : `p95 target met by all ${heldRows.length} invoice and delivery schedule table cases at 32 connections.`,
  );
}

/** An earlier run's figures (`before`, from the file `name`) beside this one's, per call, shape and connections. */
export function printComparison(results, before, name) {
  const key = (r) => `${r.call}|${r.shape}|${r.connections}`;
  const earlier = new Map(before.results.map((r) => [key(r), r]));
  const head = ['call', 'shape', 'conn', 'req/s before', 'after', 'after/before', 'API p50 before', 'after', 'SQL p50 before', 'after', 'API CPU µs before', 'after'];
  const lines = results.map((r) => {
    const b = earlier.get(key(r));
    const gain = b ? r.api.rps / b.api.rps : NaN;
    return [r.call.replace(' (framework ceiling)', ''), r.shape, String(r.connections), b ? String(b.api.rps) : '–', String(r.api.rps),
      Number.isFinite(gain) ? `${gain.toFixed(2)}×` : '–', fmt(b?.api.p50), fmt(r.api.p50), fmt(b?.sql?.p50), fmt(r.sql?.p50),
      b?.api.cpu ? String(b.api.cpu.api) : '–', r.api.cpu ? String(r.api.cpu.api) : '–'];
  });
  const w = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const out = (cells) => cells.map((c, i) => (i < 2 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ');
  console.log(`\nBefore (${name}, ${before.at}) and after (this run):\n${out(head)}\n${w.map((n) => '-'.repeat(n)).join('  ')}`);
  for (const l of lines) console.log(out(l));
}

/**
 * Requests per second of every call, shape and connection count at each worker count side by side, with the ratio
 * to 1 worker (to the first count when 1 was not measured), and what the CPUs did meanwhile: the load generator's
 * share of all of them, the share the API, PostgreSQL and the load generator took together, and what the rest of
 * the machine took (its own work beside the benchmark: a run with much of it measured a shared machine, not the server).
 */
export function printWorkers(results, counts) {
  const base = counts.includes(1) ? 1 : counts[0];
  const key = (r) => `${r.call}|${r.shape}|${r.connections}`;
  const byCount = new Map(counts.map((n) => [n, new Map(results.filter((r) => r.workers === n).map((r) => [key(r), r]))]));
  const percent = (share) => (share === undefined ? '–' : `${Math.round(share * 100)} %`);
  const head = ['call', 'shape', 'conn'];
  for (const n of counts) head.push(`${n} w req/s`, ...(n === base ? [] : [`×${base} w`]), 'load gen', 'bench', 'others');
  head.push('SQL q/s');
  const lines = [...byCount.get(counts[0]).values()].map((first) => {
    const cells = [first.call.replace(' (framework ceiling)', ''), first.shape, String(first.connections)];
    const baseRow = byCount.get(base).get(key(first));
    for (const n of counts) {
      const r = byCount.get(n).get(key(first));
      cells.push(r ? String(r.api.rps) : '–');
      if (n !== base) cells.push(r && baseRow ? `${(r.api.rps / baseRow.api.rps).toFixed(2)}×` : '–');
      const cpu = r?.api.cpu;
      const others = cpu?.machineShare === undefined ? undefined : Math.max(0, cpu.machineShare - cpu.busyShare);
      cells.push(percent(cpu?.clientShare), percent(cpu?.busyShare), percent(others));
    }
    cells.push(first.sql ? String(first.sql.rps) : '–');
    return cells;
  });
  const w = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const out = (cells) => cells.map((c, i) => (i < 2 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ');
  console.log(`\nRequests per second by worker count (WORKERS; the server started anew for each count, measured in the order ${counts.join(', ')}):`);
  console.log(`${out(head)}\n${w.map((n) => '-'.repeat(n)).join('  ')}`);
  for (const l of lines) console.log(out(l));
  console.log(
    `Shares of all ${os.cpus().length} CPUs during each run. load gen: the load generator (autocannon), which runs on the same machine:` +
      ` what it takes, the workers cannot have. bench: the API's processes, PostgreSQL's and the load generator together.` +
      ` others: the rest of the machine's busy time (from /proc/stat): other work on the host, which the figures then share the cores with.` +
      ` bench + others near 100 %: the cores, not the number of workers, are the bound. SQL q/s: the floor, measured once (with the first count).`,
  );
}
