import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { cpuTimes } from './bench-measure.mjs';
import { workerCounts } from './bench-workers.mjs';

describe('BENCH_WORKERS', () => {
  it('is one worker when not given, and the counts in the order given otherwise', () => {
    expect(workerCounts(undefined)).toEqual([1]);
    expect(workerCounts('')).toEqual([1]);
    expect(workerCounts('1,2')).toEqual([1, 2]);
    expect(workerCounts(' 2, 1 ,2')).toEqual([2, 1]);
    expect(workerCounts('1,auto')).toEqual([...new Set([1, os.availableParallelism()])]);
  });

  it.each(['0', 'two', '1.5', '65', '1,,2'])('refuses %j, naming it', (setting) => {
    expect(() => workerCounts(setting)).toThrow(/BENCH_WORKERS: ".*" is not a worker count/);
  });
});

describe('cpuTimes', () => {
  let parent;
  afterEach(async () => {
    if (parent && parent.exitCode === null) {
      parent.stdin.end();
      await once(parent, 'exit');
    }
  });

  // A cluster's primary forks workers that run the same program; PostgreSQL's processes run another one.
  it.skipIf(process.platform !== 'linux')("counts a server's forks of itself as its own and other programs as the rest", async () => {
    const script = `
      const { spawn } = require('node:child_process');
      // The first fork works until it has used 300 ms of CPU, then says so.
      const burn = 'const t = process.cpuUsage(); while (process.cpuUsage(t).user < 300000); console.log("done"); process.stdin.resume()';
      const children = [
        spawn(process.execPath, ['-e', burn], { stdio: ['pipe', 'pipe', 'inherit'] }),
        spawn(process.execPath, ['-e', 'process.stdin.resume()'], { stdio: ['pipe', 'ignore', 'inherit'] }),
        spawn('cat', [], { stdio: ['pipe', 'ignore', 'inherit'] }),
      ];
      const burnt = new Promise((r) => children[0].stdout.once('data', r));
      Promise.all([burnt, ...children.map((c) => new Promise((r) => c.once('spawn', r)))]).then(() => process.stdout.write('ready\\n'));
      process.stdin.on('end', () => { for (const c of children) c.stdin.end(); }).resume();
    `;
    parent = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
    await once(parent.stdout, 'data');
    const times = await cpuTimes(parent.pid);
    expect(times.workers).toBe(2);
    // The fork's 300 ms are the server's; the other program (cat, idle) took next to nothing.
    expect(times.own).toBeGreaterThanOrEqual(300);
    expect(times.descendants).toBeLessThan(300);
  });
});
