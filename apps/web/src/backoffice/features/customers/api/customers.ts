import { backofficeCustomerCalls as calls } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { staffCall } from '../../../lib/staff-api';
import { backofficeKey, staffTableQueryOptions, useStaffMutation } from '../../../lib/staff-query';

const customersKey = ['customers'] as const;

export const customerTableQueryOptions = staffTableQueryOptions([...customersKey, 'table'], calls.getTable);
export const customerQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...backofficeKey, ...customersKey, 'detail', id] as const, queryFn: ({ signal }) => staffCall(calls.get, { query: { Id: id }, signal }) });
export const useCreateCustomer = () => useStaffMutation(calls.create, () => [customersKey]);
export const useUpdateCustomer = () => useStaffMutation(calls.update, () => [customersKey]);
export const useInviteAdministrator = () => useStaffMutation(calls.inviteAdministrator, () => [customersKey]);
export const useSetCustomerActive = () => useStaffMutation(calls.setActive, () => [customersKey]);
