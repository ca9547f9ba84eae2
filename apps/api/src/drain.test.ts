import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { calls } from '@portal/contract';
import { pollUntil } from './test/poll.js';
import { removeServerWorkDirs, startServerProcess } from './test/server-process.js';

/**
 * Issue 31.4: a process told to stop by its orchestrator leaves the balancer's rotation first (readiness 503), serves
 * what still comes during DRAIN_SECONDS, then takes no new connections, finishes the request in flight, and exits.
 */

afterAll(removeServerWorkDirs);

/** A login whose body is sent in two halves: in flight from the first half until `finish` sends the rest. */
function requestInFlight(url: string) {
  const body = JSON.stringify({ emailAddress: 'niemand@nergens.example', password: 'Verkeerd#wachtwoord1' });
  const target = new URL(calls.authentication.loginWithCredentials.path, url);
  let answer: (status: number) => void;
  const answered = new Promise<number>((resolve) => (answer = resolve));
  const request = http.request(target, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
    response.resume();
    response.on('end', () => answer(response.statusCode ?? 0));
  });
  request.on('error', () => answer(-1));
  request.write(body.slice(0, 10));
  return { answered, finish: () => request.end(body.slice(10)) };
}

const readiness = (url: string) =>
  fetch(`${url}/api/ready`).then(
    async (response) => ({ status: response.status, body: (await response.json()) as { status: string } }),
    () => null,
  );

describe('the drain after SIGTERM', () => {
  it('answers 503 on readiness at once, still serves during the drain, then refuses new connections, finishes the request in flight, and exits', async () => {
    const server = await startServerProcess({ DRAIN_SECONDS: '2', DEMO_DATA: 'false' });
    await server.printed('Portal ready on');
    expect((await readiness(server.url))?.status).toBe(200);
    const inFlight = requestInFlight(server.url);
    const order: string[] = [];
    void server.exited.then(() => order.push('exited'));

    server.child.kill('SIGTERM');
    const draining = await pollUntil(async () => {
      const ready = await readiness(server.url);
      return ready?.status === 503 ? ready : undefined;
    }, { timeoutMs: 10_000, intervalMs: 20, failure: () => `readiness never 503:\n${server.output()}` });
    order.push('readiness 503');
    expect(draining.body).toEqual({ status: 'draining' });
    // The balancer has not noticed yet: what it sends is served.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    await pollUntil(async () => ((await readiness(server.url)) === null ? true : undefined), {
      timeoutMs: 15_000,
      intervalMs: 50,
      failure: () => `new connections still taken:\n${server.output()}`,
    });
    order.push('new connections refused');
    expect(server.child.exitCode).toBeNull();

    inFlight.finish();
    // The login's own answer (a failed login is 400), not a 503 of a closing server nor a reset.
    expect(await inFlight.answered).toBe(400);
    order.push('request in flight answered');
    expect(await server.exited).toBe(0);
    expect(order).toEqual(['readiness 503', 'new connections refused', 'request in flight answered', 'exited']);
    expect(server.output()).toContain('SIGTERM: /api/ready answers 503; serving 2 s more, then finishing requests in flight');
  }, 60_000);
});
