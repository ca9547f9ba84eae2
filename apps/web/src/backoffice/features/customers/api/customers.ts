import { backofficeCustomerCalls as calls } from '@portal/contract';
import { staffQueryOptions, staffTableQueryOptions, useStaffMutation } from '../../../lib/staff-api';

const customersKey = ['customers'] as const;

export const customerTableQueryOptions = staffTableQueryOptions([...customersKey, 'table'], calls.getTable);
export const customerQueryOptions = (id: string) => staffQueryOptions([...customersKey, 'detail', id], calls.get, { query: { Id: id } });
export const useCreateCustomer = () => useStaffMutation(calls.create, () => [customersKey]);
export const useUpdateCustomer = () => useStaffMutation(calls.update, () => [customersKey]);
export const useInviteAdministrator = () => useStaffMutation(calls.inviteAdministrator, () => [customersKey]);
export const useSetCustomerActive = () => useStaffMutation(calls.setActive, () => [customersKey]);
