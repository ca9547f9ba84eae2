import { backofficeAuthCalls, staffSession } from '@portal/contract';
import { createCallQueries } from '@/lib/call-query';
import { createTransport } from '@/lib/transport';
import { backofficePaths } from '../paths';
import { clearStaffSession, getStaffSession, setStaffSession } from './staff-session';

/*
 * The back-office's door (/api/backoffice): the one transport (lib/transport.ts) with the staff session. Its
 * refresh secret is not rotated (back-office sessions end by time, idleness, logout or a Beheerder), so tabs may
 * renew at the same time without a lock.
 */

export const staffTransport = createTransport({
  session: { get: getStaffSession, set: setStaffSession, clear: clearStaffSession },
  renewal: {
    accessTokenOf: (session) => session.accessToken,
    call: backofficeAuthCalls.refresh,
    bodyOf: ({ refreshToken }) => ({ refreshToken }),
    read: (json) => {
      const renewed = staffSession.safeParse(json);
      return renewed.success ? renewed.data : null;
    },
    endsOnEmptyAnswer: true,
  },
  sessionEnded: () => window.location.assign(backofficePaths.login.path),
  renewsOnForbidden: true,
  logoutCall: backofficeAuthCalls.logout,
});

/** Every back-office query lives under this key: a logout drops them all at once. */
export const backofficeKey = ['backoffice'] as const;

/** The back-office's queries and mutations, each under `backofficeKey`. */
export const {
  callQueryOptions: staffQueryOptions,
  tableQueryOptions: staffTableQueryOptions,
  useCallMutation: useStaffMutation,
} = createCallQueries(staffTransport, backofficeKey);

/**
 * Calls one back-office call with the staff session's token; a 401 renews the token once and replays the
 * request; a refused renewal ends the session. A 403 renews the session too, for the role it has now.
 */
export const staffCall = staffTransport.call;

/** Ends the back-office session: tells the server, and whatever it answers, forgets the session here. */
export const staffLogout = staffTransport.logout;

/** Where the staff member goes when the session ends (the router sends them to the back-office login). */
export const setStaffSessionEndedHandler = staffTransport.setSessionEndedHandler;
