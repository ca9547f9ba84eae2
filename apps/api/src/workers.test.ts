import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { myRequestCalls } from '@portal/contract';
import { freePort } from './test/scratch-cluster.js';
import { demoLogin, removeServerWorkDirs, startServerProcess } from './test/server-process.js';

/**
 * Issue 31.2: WORKERS=2 runs two server processes on one port, over the one embedded database the primary keeps;
 * a session made through one is good on the other, and a stop reaches both.
 */

afterAll(removeServerWorkDirs);

/** A POST on a connection of its own (no keep-alive): its status. */
function postOnNewConnection(url: string, body: unknown, token: string): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'content-length': Buffer.byteLength(payload) } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

describe('WORKERS=2', () => {
  it('serves from two processes on one port that share the sessions, and stops them all on SIGTERM', async () => {
    const metricsPort = await freePort();
    const server = await startServerProcess({ WORKERS: '2', DEMO_DATA: 'true', METRICS_PORT: String(metricsPort) });
    await server.printed('(worker 1)');
    await server.printed('(worker 2)');
    const token = await demoLogin(server, 'beheer@apotheekdelinde.example');
    const statuses: number[] = [];
    for (let request = 0; request < 12; request += 1) {
      // Each on a connection of its own: the primary hands connections out in turn.
      statuses.push(await postOnNewConnection(`${server.url}${myRequestCalls.getMyRequestTable.path}`, { sortBy: 'receivedAt', descending: true, page: 1, rowsPerPage: 5, search: '' }, token));
    }
    expect(statuses).toEqual(Array(12).fill(200));
    const servedBy = new Set(
      server
        .output()
        .split('\n')
        .filter((line) => line.includes(myRequestCalls.getMyRequestTable.path) && line.includes('incoming request'))
        .map((line) => (JSON.parse(line) as { pid: number }).pid),
    );
    expect(servedBy.size, server.output()).toBe(2);
    // One scrape of the primary's port sees both workers' requests, added up.
    const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const counted = new RegExp(`portal_http_request_duration_seconds_count\\{[^}]*route="${myRequestCalls.getMyRequestTable.path}"[^}]*status_code="200"[^}]*\\} (\\d+)`).exec(scraped);
    expect(Number(counted?.[1]), scraped).toBe(12);
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain('All workers stopped');
  }, 120_000);
});
