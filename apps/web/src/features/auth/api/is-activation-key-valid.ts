import { calls } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { tokenCheckQueryDefaults } from './new-password-input';

export const getIsActivationKeyValidQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['authentication', 'activation-key-valid', token],
    queryFn: ({ signal }) => callApi(calls.authentication.isActivationKeyValid, { body: { activationToken: token }, signal }),
    ...tokenCheckQueryDefaults,
  });

export function useIsActivationKeyValid(token: string | null) {
  return useQuery({ ...getIsActivationKeyValidQueryOptions(token ?? ''), enabled: Boolean(token) });
}
