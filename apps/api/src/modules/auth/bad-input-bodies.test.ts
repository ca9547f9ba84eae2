/**
 * Bodies no Authentication/* or Account/* call may choke on: not JSON, the wrong content type, too large, a
 * prototype key, a body where none is expected. The answer is the call's own or a 4xx problem document with
 * a Dutch text; never a 5xx, a stack trace or an English framework text.
 */
import { describe, expect, it } from 'vitest';
import { calls, feedback } from '@portal/contract';
import { expectProblem } from '../../test/auth-helpers.js';
import { badInputContext, bodyCalls, bodylessCalls, expectClientError, rawBodies, validBody } from './bad-input-cases.js';

const { t, send, token } = badInputContext();
const acc = calls.account;

for (const c of bodyCalls) {
  describe(c.name, () => {
    for (const { label, payload, headers, status } of rawBodies) {
      it(`${label} → ${status} problem document`, async () => {
        const res = await send(c.def, { body: payload, headers });
        expectProblem(res, status);
      });
    }

    if (c.def.auth) {
      it('without a token, a bad body answers 401 (the token is checked first)', async () => {
        for (const body of [{}, { ...validBody(c), unknown: 1 }, validBody(c)]) {
          expectProblem(await t.call(c.def, { body }), 401, feedback.unauthorized);
        }
        expectProblem(
          await t.call(c.def, { body: '{not json', headers: { 'content-type': 'application/json' } }),
          401,
          feedback.unauthorized,
        );
      });
    }
  });
}

for (const c of bodylessCalls) {
  describe(`${c.name} (no body)`, () => {
    for (const { label, payload, headers, bodyless } of rawBodies) {
      // A GET ignores any body; a POST without a body ignores one it can read, and refuses one it cannot.
      const refusal = c.def.method === 'GET' || bodyless === 'ok' ? null : bodyless;
      if (refusal === null) {
        it(`with ${label} → ${c.ok}, the body ignored`, async () => {
          const res = await send(c.def, { body: payload, headers });
          expect(res.statusCode, res.body).toBe(c.ok);
        });
      } else {
        it(`with ${label} → ${refusal} problem document`, async () => {
          const res = await send(c.def, { body: payload, headers });
          expect(res.statusCode, res.body).toBe(refusal);
          expectClientError(res);
        });
      }
    }

    it(`with a JSON object body → ${c.ok}, the body ignored`, async () => {
      const res = await send(c.def, { body: { unexpected: 'x', isAdministrator: true } });
      expect(res.statusCode, res.body).toBe(c.ok);
    });

    it('without a token → 401', async () => {
      expectProblem(await t.call(c.def, {}), 401, feedback.unauthorized);
    });
  });
}

describe('GET with a body or a query', () => {
  it('Account/IsTotpEnabled ignores a body and a query string', async () => {
    const withBody = await send(acc.isTotpEnabled, { body: { accountId: 1 } });
    expect(withBody.statusCode, withBody.body).toBe(200);
    expect(withBody.json()).toBe(false);
    const withQuery = await t.ctx.app.inject({
      method: 'GET',
      url: `${acc.isTotpEnabled.path}?AccountId=1&x=%00`,
      headers: { authorization: `Bearer ${token()}` },
    });
    expect(withQuery.statusCode, withQuery.body).toBe(200);
    expect(withQuery.json()).toBe(false);
  });
});

describe('routes that do not exist', () => {
  for (const [method, url] of [
    ['GET', '/api/nope'],
    ['POST', '/api/portal/Authentication/DoesNotExist'],
    ['GET', '/api/portal/Account'],
    ['GET', '/api/portal/Authentication/LoginWithCredentials'],
    ['DELETE', '/api/portal/Account/UpdatePassword'],
    ['POST', '/api/portal/Pharmacist/../Authentication/Nope'],
  ] as const) {
    it(`${method} ${url} → 404 problem document`, async () => {
      const res = await t.ctx.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expectProblem(res, 404, feedback.notFound);
      expect(res.headers['cache-control']).toBe('no-store');
    });
  }
});
