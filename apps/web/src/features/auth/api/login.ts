import { backupCodeLoginCalls, calls, type AuthData } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { setSession } from '@/lib/session';
import { takeEarlyAnswer } from './early-login';

export interface LoginInput {
  emailAddress: string;
  password: string;
  /** The TOTP code; only sent once the server has asked for it with a 409. */
  pin?: string;
  /** One of the account's backup codes instead of the TOTP code (issue 13). */
  backupCode?: string;
}

// Through the transport, not the query factory: one submit is one of three calls, by the step the server asked
// for, and its answer becomes the session.
export async function login({ emailAddress, password, pin, backupCode }: LoginInput): Promise<AuthData> {
  // The login page rendered at build time may have sent this very login before the app started.
  const early = await takeEarlyAnswer({ emailAddress, password, pin, backupCode });
  if (early) return early;
  if (backupCode !== undefined) {
    return callApi(backupCodeLoginCalls.loginWithBackupCode, { body: { emailAddress, password, backupCode } });
  }
  return pin === undefined
    ? callApi(calls.authentication.loginWithCredentials, { body: { emailAddress, password } })
    : callApi(calls.authentication.loginWithTotp, { body: { emailAddress, password, pin } });
}

/** Logs in and keeps the session; whatever was cached for a previous user is dropped first. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      queryClient.clear();
      setSession(session);
    },
  });
}
