import { authData, calls } from '@portal/contract';
import { paths } from './paths';
import { clearSession, getSession, setSession } from './session';
import { createTransport } from './transport';

/*
 * The customers' door (/api/portal): the one transport (lib/transport.ts) with the customer's session, whose
 * refresh tokens are single use.
 */

export { ApiError, ConnectionError, UnexpectedResponseError, callMissing, readJson, toApiError } from './api-errors';
export type { CallOptions, CallResult } from './call-request';
export { submissionTimeout, type Transport } from './transport';

export const portalTransport = createTransport({
  session: { get: getSession, set: setSession, clear: clearSession },
  renewal: {
    accessTokenOf: (session) => session.accessToken,
    call: calls.authentication.refreshAccessToken,
    bodyOf: ({ accessToken, refreshToken }) => ({ accessToken, refreshToken }),
    read: (json) => {
      const renewed = authData.safeParse(json);
      return renewed.success ? renewed.data : null;
    },
    endsOnEmptyAnswer: false,
    tabLock: 'spits-portal.refresh-access-token',
  },
  sessionEnded: () => window.location.assign(paths.auth.login.path),
  renewsOnForbidden: false,
  logoutCall: calls.authentication.logout,
});

/**
 * Calls one endpoint of the contract. Calls with `auth` carry the bearer token; a 401 renews the token once
 * (shared by every request that fails meanwhile) and replays the request with the new token.
 */
export const callApi = portalTransport.call;

/**
 * The successful answer of one call, not yet read; a non-2xx answer is thrown as an ApiError. For answers read as
 * they arrive (an export's progress).
 */
export const respond = portalTransport.respond;

/** Uploads one file to a multipart call, the access token renewed first (the product's states). */
export const uploadWithFreshToken = portalTransport.upload;

/** A GET of a path outside the contract (the deployment profile) as the signed-in user, when there is one. */
export const getAsSignedIn = portalTransport.getAsSignedIn;

/** Ends the session: tells the server (which revokes the refresh tokens), clears it here and goes to /auth. */
export const logout = portalTransport.logout;

/** Where the user goes when the session ends (refresh refused, logout); the app routes to /auth. */
export const setSessionEndedHandler = portalTransport.setSessionEndedHandler;
