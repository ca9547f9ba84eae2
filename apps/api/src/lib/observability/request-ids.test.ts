import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog } from '../../test/log-capture.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

/** Issue 31.3: x-request-id taken when sane, else made at random; returned, and on every log line of its request. */
const log = capturedLog();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ logger: log.logger });
});
afterAll(() => ctx.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
type Line = { reqId?: string; traceId?: string; msg?: string };
const linesOf = (reqId: string): Line[] =>
  log
    .text()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line)
    .filter((l) => l.reqId === reqId);

describe('x-request-id', () => {
  it("is the caller's when it is a sane token: returned, and on each of the request's log lines", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a.91:2' } });
    expect(res.headers['x-request-id']).toBe('lb-7f3a.91:2');
    const lines = linesOf('lb-7f3a.91:2');
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('is made at random when the caller gives none or one that is not a sane token', async () => {
    const given = ['', 'a'.repeat(129), 'id met spaties', 'id\u00e9', '<script>'];
    const answers = [await ctx.app.inject({ method: 'GET', url: '/api/health' })];
    for (const id of given) answers.push(await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } }));
    const ids = answers.map((res) => String(res.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(linesOf(id)).toHaveLength(2);
    expect(log.text()).not.toContain('<script>');
  });

  it('comes with an error answer too, and a traceparent adds its trace id to every line', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'x-request-id': 'fout-1', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('fout-1');
    const lines = linesOf('fout-1');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line.traceId).toBe(traceId);
    // a malformed traceparent names no trace
    await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'kapot-1', traceparent: '00-nietgoed-01' } });
    for (const line of linesOf('kapot-1')) expect(line).not.toHaveProperty('traceId');
  });
});
