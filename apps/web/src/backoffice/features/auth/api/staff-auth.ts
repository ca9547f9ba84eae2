import { backofficeAuthCalls as calls, type StaffSession } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { staffCall } from '../../../lib/staff-api';
import { backofficeKey } from '../../../lib/staff-api';
import { setStaffSession } from '../../../lib/staff-session';

export interface StaffLoginInput {
  emailAddress: string;
  password: string;
  /** only once the server asked for it (409) */
  pin?: string;
}

/** Logs a staff member in and keeps the session; what a previous session cached is dropped first. */
export function useStaffLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffLoginInput) => callApi(calls.login, { body }),
    onSuccess: (session: StaffSession) => {
      queryClient.removeQueries({ queryKey: backofficeKey });
      setStaffSession(session);
    },
  });
}

export const totpSetupQueryOptions = () =>
  queryOptions({
    queryKey: [...backofficeKey, 'totp-setup'] as const,
    queryFn: ({ signal }) => staffCall(calls.totpSetup, { signal }),
    // A new secret on every fetch: never fetched again behind the user's back while they scan it.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export function useTotpEnable() {
  return useMutation({
    mutationFn: (pin: string) => staffCall(calls.totpEnable, { body: { pin } }),
    onSuccess: (session: StaffSession) => setStaffSession(session),
  });
}

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: { token: string; password: string; passwordRepeat: string }) => callApi(calls.acceptInvitation, { body }),
  });
}
