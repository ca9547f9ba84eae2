import { backofficeAuthCalls, feedback, staffSession, type CallDefinition } from '@portal/contract';
import { ApiError, readJson, readResult, send, toApiError, type CallOptions, type CallResult } from '@/lib/api-client';
import { backofficePaths } from '../paths';
import { clearStaffSession, getStaffSession, setStaffSession } from './staff-session';

type AnyCall = CallDefinition;

let sessionEnded: () => void = () => window.location.assign(backofficePaths.login.path);

/** Where the staff member goes when the session ends (the router sends them to the back-office login). */
export function setStaffSessionEndedHandler(handler: () => void): void {
  sessionEnded = handler;
}

function endSession(): void {
  clearStaffSession();
  sessionEnded();
}

let renewal: Promise<string | null> | null = null;

/**
 * A new access token for the stored session; null when the server refused it (the session has ended). The
 * refresh secret is not rotated (back-office sessions end by time, idleness, logout or a Beheerder), so tabs may
 * renew at the same time without a lock; one renewal per tab is shared by the calls that need it.
 */
function renew(): Promise<string | null> {
  renewal ??= (async () => {
    const session = getStaffSession();
    if (!session) return null;
    const call = backofficeAuthCalls.refresh;
    const response = await fetch(call.path, {
      method: call.method,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken: session.refreshToken }),
      credentials: 'same-origin',
    });
    if (response.status >= 500 || response.status === 429) throw await toApiError(response);
    const renewed = response.ok ? staffSession.safeParse(await readJson(response)) : null;
    if (!renewed?.success) return null;
    setStaffSession(renewed.data);
    return renewed.data.accessToken;
  })().finally(() => {
    renewal = null;
  });
  return renewal;
}

/**
 * Calls one back-office call of the contract with the staff session's token; a 401 renews the token once and
 * replays the request; a refused renewal ends the session. A 403 renews the session too, for the role it has now.
 */
export async function staffCall<C extends AnyCall>(call: C, options: CallOptions<C> = {} as CallOptions<C>): Promise<CallResult<C>> {
  const opts = options as { body?: unknown; query?: unknown; signal?: AbortSignal };
  const sent = getStaffSession()?.accessToken ?? null;
  let response = await send(call, opts, sent);
  if (response.status === 401 && call.auth) {
    const current = getStaffSession()?.accessToken ?? null;
    const token = current && current !== sent ? current : await renew();
    if (!token) {
      endSession();
      throw new ApiError(401, { type: 'about:blank', title: feedback.unauthorized, status: 401 });
    }
    response = await send(call, opts, token);
  }
  // The server checks the role as it is now; a renewed session brings it, so the screens follow (issue 26.7).
  if (response.status === 403 && call.auth) await renew().catch(() => null);
  if (!response.ok) throw await toApiError(response);
  return (await readResult(call, response)) as CallResult<C>;
}

/** Ends the back-office session: tells the server, and whatever it answers, forgets the session here. */
export async function staffLogout(): Promise<void> {
  try {
    if (getStaffSession()) await staffCall(backofficeAuthCalls.logout, { signal: AbortSignal.timeout(5000) });
  } catch {
    // The local session ends regardless; the server's ends by time.
  } finally {
    endSession();
  }
}

/** A file of a back-office GET path (an attachment), as a File with the server's name for it. */
export async function staffDownload(path: string, signal?: AbortSignal): Promise<File> {
  const call = { method: 'GET', path, auth: true, response: 'file' } as unknown as CallDefinition<undefined, undefined, 'file'>;
  return staffCall(call, { signal } as CallOptions<typeof call>);
}
