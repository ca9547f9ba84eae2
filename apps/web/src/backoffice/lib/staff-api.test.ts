import { backofficeAuthCalls, backofficeContentCalls, backofficeStaffCalls, type StaffSession } from '@portal/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { getSession } from '@/lib/session';
import { jsonResponse, problemResponse, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { logIn, testSession } from '@/testing/session';
import { setStaffSessionEndedHandler, staffCall, staffTransport } from './staff-api';
import { getStaffSession, setStaffSession } from './staff-session';

const refreshPath = backofficeAuthCalls.refresh.path;
const listPath = backofficeStaffCalls.list.path;
const staff: StaffSession = {
  accessToken: 'staff-access-1',
  refreshToken: 'staff-refresh',
  staff: { id: 1, emailAddress: 'ria@example.nl', firstName: 'Ria', middleName: null, lastName: 'Bos', role: 'Beheerder' },
  needsTotpSetup: false,
};
const renewed: StaffSession = { ...staff, accessToken: 'staff-access-2', staff: { ...staff.staff, role: 'Kwaliteit' } };
const bearer = (request: StubRequest) => request.headers.get('Authorization');

let sessionEnded: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  sessionEnded = vi.fn<() => void>();
  setStaffSessionEndedHandler(sessionEnded);
  setStaffSession(staff);
});

describe('the back-office door of the one transport', () => {
  it('lets concurrent 401s wait for one renewal with the refresh secret alone, and replays them with the new token', async () => {
    logIn();
    const server = stubFetch((request) => {
      if (request.url.pathname === refreshPath) return jsonResponse(renewed);
      return bearer(request) === 'Bearer staff-access-2' ? jsonResponse([]) : problemResponse(401);
    });

    await expect(Promise.all([staffCall(backofficeStaffCalls.list), staffCall(backofficeStaffCalls.list)])).resolves.toEqual([[], []]);

    const refreshes = server.requests(refreshPath);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refreshToken: 'staff-refresh' });
    expect(server.requests(listPath).map(bearer)).toEqual([
      'Bearer staff-access-1',
      'Bearer staff-access-1',
      'Bearer staff-access-2',
      'Bearer staff-access-2',
    ]);
    expect(getStaffSession()).toEqual(renewed);
    // The customer's session is another door's: untouched.
    expect(getSession()).toEqual(testSession);
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('ends the staff session and goes to the back-office login when the renewal is refused', async () => {
    const server = stubFetch(() => problemResponse(401));

    const error = await staffCall(backofficeStaffCalls.list).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(server.requests(refreshPath)).toHaveLength(1);
    expect(getStaffSession()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('ends the staff session when the renewal answers without a session', async () => {
    stubFetch((request) => (request.url.pathname === refreshPath ? new Response(null, { status: 200 }) : problemResponse(401)));
    await expect(staffCall(backofficeStaffCalls.list)).rejects.toMatchObject({ status: 401 });
    expect(getStaffSession()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('renews the session once on a 403, so that the role kept is the one the server checks now, and still refuses', async () => {
    const server = stubFetch((request) => (request.url.pathname === refreshPath ? jsonResponse(renewed) : problemResponse(403)));

    await expect(staffCall(backofficeStaffCalls.list)).rejects.toMatchObject({ status: 403 });

    expect(server.requests(refreshPath)).toHaveLength(1);
    expect(server.requests(listPath)).toHaveLength(1);
    expect(getStaffSession()?.staff.role).toBe('Kwaliteit');
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('uploads a file that is not multipart as the body with its type (a product picture), the token renewed first', async () => {
    const server = stubFetch((request) => (request.url.pathname === refreshPath ? jsonResponse(renewed) : new Response(null, { status: 204 })));

    await staffTransport.upload(backofficeContentCalls.uploadServiceProductImage, new File(['png'], 'foto.png', { type: 'image/png' }), { query: { Id: 7 } });

    const [upload] = server.requests(backofficeContentCalls.uploadServiceProductImage.path);
    expect(upload?.url.search).toBe('?Id=7');
    expect(upload?.headers.get('Content-Type')).toBe('image/png');
    expect(bearer(upload!)).toBe('Bearer staff-access-2');
  });
});
