import { calls, defineCall, type AuthData } from '@portal/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, problemResponse, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { logIn, testSession } from '@/testing/session';
import { ApiError, callApi, logout, setSessionEndedHandler } from './api-client';
import { fileNameFromContentDisposition } from './content-disposition';
import { getSession } from './session';

const refreshPath = calls.authentication.refreshAccessToken.path;
const renewed: AuthData = { ...testSession, accessToken: 'access-2', refreshToken: 'refresh-2' };
const bearer = (request: StubRequest) => request.headers.get('Authorization');

/** A promise with its resolve function, to hold a response back until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

let sessionEnded: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  sessionEnded = vi.fn<() => void>();
  setSessionEndedHandler(sessionEnded);
});

describe('callApi', () => {
  it('takes a submit answered without a body (a server of the spec) as done, and ours with its receipt', async () => {
    logIn();
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(callApi(calls.forms.askNonFaqQuestion, { body: { question: 'Wanneer?' } })).resolves.toBeUndefined();
    stubFetch(() => jsonResponse({ submissionId: 9, reference: 'AAN-2026-000009' }));
    await expect(callApi(calls.forms.askNonFaqQuestion, { body: { question: 'Wanneer?' } })).resolves.toEqual({
      submissionId: 9,
      reference: 'AAN-2026-000009',
    });
  });

  it('sends the bearer token on calls that need one, JSON bodies and the query string', async () => {
    logIn();
    const server = stubFetch(() => new Response(null, { status: 204 }));

    await callApi(calls.account.updatePassword, {
      body: { currentPassword: 'Oud-wachtwoord1', newPassword: 'Nieuw-wachtwoord1', passwordRepeat: 'Nieuw-wachtwoord1' },
    });
    await callApi(calls.authentication.requestPasswordResetToken, { body: { emailAddress: 'anouk@example.nl' } });

    const [update, resetRequest] = server.requests();
    expect(update?.url.pathname).toBe('/api/portal/Account/UpdatePassword');
    expect(update?.method).toBe('POST');
    expect(bearer(update!)).toBe('Bearer access-1');
    expect(update?.headers.get('Content-Type')).toBe('application/json');
    expect(update?.body).toEqual({
      currentPassword: 'Oud-wachtwoord1',
      newPassword: 'Nieuw-wachtwoord1',
      passwordRepeat: 'Nieuw-wachtwoord1',
    });
    // Authentication calls carry no token.
    expect(bearer(resetRequest!)).toBeNull();
  });

  it('sends an Idempotency-Key on submissions, a new one per submit and the same one when it is replayed after a renewal', async () => {
    logIn();
    let expired = true;
    const server = stubFetch((request) => {
      if (request.url.pathname === refreshPath) return jsonResponse(renewed);
      if (expired) {
        expired = false;
        return problemResponse(401);
      }
      return jsonResponse({ submissionId: 7, reference: 'AAN-2026-000007' });
    });
    const ask = () => callApi(calls.forms.askNonFaqQuestion, { body: { question: 'Wanneer komt de levering?' } });
    await ask();
    await ask();
    await callApi(calls.account.isTotpEnabled).catch(() => undefined);

    const keys = server.requests(calls.forms.askNonFaqQuestion.path).map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(server.requests(calls.account.isTotpEnabled.path)[0]?.headers.get('Idempotency-Key')).toBeNull();
  });

  it('parses a JSON answer with the call’s response schema', async () => {
    logIn();
    stubFetch(() => jsonResponse(true));
    await expect(callApi(calls.account.isTotpEnabled)).resolves.toBe(true);
  });

  it('throws an ApiError with the status and the problem document', async () => {
    logIn();
    stubFetch(() => problemResponse(400, { NewPassword: ['Nieuw wachtwoord is verplicht'] }));

    const error = await callApi(calls.account.updatePassword, {
      body: { currentPassword: 'x', newPassword: '', passwordRepeat: '' },
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).problem.errors).toEqual({ NewPassword: ['Nieuw wachtwoord is verplicht'] });
  });

  it('reads the seconds of Retry-After on a 429', async () => {
    stubFetch(() => jsonResponse({ type: 'about:blank', title: 'Too Many Requests', status: 429 }, 429, { 'Retry-After': '60' }));
    const error = (await callApi(calls.authentication.loginWithCredentials, {
      body: { emailAddress: 'anouk@example.nl', password: 'x' },
    }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(60);
  });
});

describe('file downloads', () => {
  const download = defineCall({
    controller: 'Invoice',
    action: 'DownloadInvoiceFile',
    method: 'GET',
    query: z.object({ ProcessedMonth: z.string(), ClientCode: z.string(), FileType: z.string() }),
    response: 'file',
    summary: 'a file answer',
  });

  it('returns a File named after Content-Disposition, with the query parameters as the spec names them', async () => {
    logIn();
    const server = stubFetch(
      () =>
        new Response('%PDF-1.7', {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="factuur-2026-01.pdf"' },
        }),
    );

    const file = await callApi(download, { query: { ProcessedMonth: '2026-01-01', ClientCode: 'A 12', FileType: 'Pdf' } });

    expect(file.name).toBe('factuur-2026-01.pdf');
    expect(file.type).toBe('application/pdf');
    expect(file.size).toBe(8);
    const [request] = server.requests();
    expect(request?.url.search).toBe('?ProcessedMonth=2026-01-01&ClientCode=A+12&FileType=Pdf');
    expect(bearer(request!)).toBe('Bearer access-1');
  });
});

describe('file names of downloads', () => {
  it('prefers the UTF-8 filename* parameter', () => {
    expect(fileNameFromContentDisposition(`attachment; filename="factuur.pdf"; filename*=UTF-8''factuur%20m%C3%A4rz.pdf`)).toBe(
      'factuur märz.pdf',
    );
  });
  it('reads a quoted or bare filename', () => {
    expect(fileNameFromContentDisposition('attachment; filename="Factuur 2026-01.xlsx"')).toBe('Factuur 2026-01.xlsx');
    expect(fileNameFromContentDisposition('attachment; filename=factuur.pdf')).toBe('factuur.pdf');
  });
  it('never yields a path', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(fileNameFromContentDisposition(null)).toBeNull();
  });
});

describe('renewing the access token on a 401', () => {
  it('lets any number of concurrent 401s wait for one refresh and replays them all with the new token', async () => {
    logIn();
    const refreshAnswer = gate();
    const server = stubFetch(async (request) => {
      if (request.url.pathname === refreshPath) {
        await refreshAnswer.opened;
        return jsonResponse(renewed);
      }
      if (bearer(request) !== 'Bearer access-2') return problemResponse(401);
      return request.url.pathname.endsWith('/IsTotpEnabled') ? jsonResponse(true) : new Response(null, { status: 204 });
    });

    const pending = Promise.all([
      callApi(calls.account.isTotpEnabled),
      callApi(calls.account.isTotpEnabled),
      callApi(calls.account.enableTotp, { body: { currentPassword: 'Geheim-1234', verificationPin: '123456' } }),
      callApi(calls.account.isTotpEnabled),
    ]);
    // All four have failed and the one refresh is waiting for its answer.
    await vi.waitFor(() => expect(server.mock).toHaveBeenCalledTimes(5));
    refreshAnswer.open();

    await expect(pending).resolves.toEqual([true, true, undefined, true]);
    const refreshes = server.requests(refreshPath);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });

    const replays = server.requests().filter((request) => bearer(request) === 'Bearer access-2');
    expect(replays).toHaveLength(4);
    // A replayed POST carries its body again.
    expect(replays.find((request) => request.url.pathname.endsWith('/EnableTotp'))?.body).toEqual({
      currentPassword: 'Geheim-1234',
      verificationPin: '123456',
    });
    expect(getSession()).toEqual(renewed);
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('replays a 401 that arrives after a refresh has finished with the newer token, without refreshing again', async () => {
    logIn();
    const lateAnswer = gate();
    const server = stubFetch(async (request) => {
      if (request.url.pathname === refreshPath) return jsonResponse(renewed);
      if (bearer(request) === 'Bearer access-2') return jsonResponse(true);
      if (request.url.pathname.endsWith('/GetTotpSetupCode')) await lateAnswer.opened;
      return problemResponse(401);
    });

    const late = callApi(calls.account.getTotpSetupCode).catch((e: unknown) => e);
    await expect(callApi(calls.account.isTotpEnabled)).resolves.toBe(true);
    lateAnswer.open();
    await late;

    expect(server.requests(refreshPath)).toHaveLength(1);
    expect(server.requests('/api/portal/Account/GetTotpSetupCode').map(bearer)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
  });

  it('ends the session and sends the user to /auth when the refresh is refused', async () => {
    logIn();
    // Every request is refused, the refresh included.
    const server = stubFetch(() => problemResponse(401));

    const results = await Promise.allSettled([callApi(calls.account.isTotpEnabled), callApi(calls.account.isTotpEnabled)]);

    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
      expect(((result as PromiseRejectedResult).reason as ApiError).status).toBe(401);
    }
    expect(server.requests(refreshPath)).toHaveLength(1);
    expect(getSession()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('drops the pending requests when the refresh yields nothing', async () => {
    logIn();
    const server = stubFetch((request) =>
      request.url.pathname === refreshPath ? new Response(null, { status: 200 }) : problemResponse(401),
    );

    const results = await Promise.allSettled([callApi(calls.account.isTotpEnabled), callApi(calls.account.isTotpEnabled)]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(server.requests(refreshPath)).toHaveLength(1);
    // Nothing was replayed: two failed requests and one refresh.
    expect(server.mock).toHaveBeenCalledTimes(3);
  });

  it('keeps the session when the refresh meets a server error, so that a later request may try again', async () => {
    logIn();
    stubFetch((request) => (request.url.pathname === refreshPath ? problemResponse(503) : problemResponse(401)));

    const error = (await callApi(calls.account.isTotpEnabled).catch((e: unknown) => e)) as ApiError;

    expect(error.status).toBe(503);
    expect(getSession()).toEqual(testSession);
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('does not refresh for a 401 of an authentication call (a failed login)', async () => {
    const server = stubFetch(() => problemResponse(401));
    await expect(
      callApi(calls.authentication.loginWithCredentials, { body: { emailAddress: 'anouk@example.nl', password: 'fout' } }),
    ).rejects.toMatchObject({ status: 401 });
    expect(server.mock).toHaveBeenCalledTimes(1);
  });
});

describe('logout', () => {
  it('tells the server, clears the session and goes to /auth', async () => {
    logIn();
    const server = stubFetch(() => new Response(null, { status: 204 }));

    await logout();

    const [request] = server.requests();
    expect(request?.url.pathname).toBe('/api/portal/Authentication/Logout');
    expect(bearer(request!)).toBe('Bearer access-1');
    expect(getSession()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('clears the session and goes to /auth even when the server fails', async () => {
    logIn();
    stubFetch(() => problemResponse(500));
    await logout();
    expect(getSession()).toBeNull();
    expect(sessionEnded).toHaveBeenCalled();
  });

  it('clears the session and goes to /auth even when the server cannot be reached', async () => {
    logIn();
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await logout();
    expect(getSession()).toBeNull();
    expect(sessionEnded).toHaveBeenCalled();
  });
});
