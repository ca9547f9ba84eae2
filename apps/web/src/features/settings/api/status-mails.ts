import { statusMailCalls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions, useCallMutation } from '@/lib/call-query';

const statusMailsKey = ['account', 'status-mails'] as const;

export const getStatusMailsQueryOptions = () => callQueryOptions(statusMailsKey, statusMailCalls.getStatusMails);

export function useStatusMails() {
  return useQuery(getStatusMailsQueryOptions());
}

export function useSetStatusMails() {
  return useCallMutation(statusMailCalls.setStatusMails, () => [statusMailsKey]);
}
