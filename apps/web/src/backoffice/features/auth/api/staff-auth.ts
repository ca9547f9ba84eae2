import { backofficeAuthCalls as calls } from '@portal/contract';
import { staffQueryOptions, useStaffMutation } from '../../../lib/staff-api';

// A session the server answers (a login, two-factor set up) is kept by the screen that asked for it.
export const useStaffLogin = () => useStaffMutation(calls.login);
// A new secret on every fetch: never fetched again behind the user's back while they scan it.
export const totpSetupQueryOptions = () => ({ ...staffQueryOptions(['totp-setup'], calls.totpSetup), staleTime: Infinity, gcTime: 0, retry: false });
export const useTotpEnable = () => useStaffMutation(calls.totpEnable);
export const useAcceptInvitation = () => useStaffMutation(calls.acceptInvitation);
