import { backofficeStaffCalls as calls } from '@portal/contract';
import { staffQueryOptions, useStaffMutation } from '../../../lib/staff-api';

const staffKey = ['staff'] as const;

export const staffListQueryOptions = () => staffQueryOptions([...staffKey, 'list'], calls.list);
export const useInviteStaff = () => useStaffMutation(calls.invite, () => [staffKey]);
export const useUpdateStaff = () => useStaffMutation(calls.update, () => [staffKey]);
export const useResetStaffTotp = () => useStaffMutation(calls.resetTotp, () => [staffKey]);
export const useResendInvitation = () => useStaffMutation(calls.resendInvitation, () => [staffKey]);
