import { calls } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { tokenCheckQueryDefaults } from './new-password-input';

export const getIsPasswordResetTokenValidQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['authentication', 'password-reset-token-valid', token],
    queryFn: ({ signal }) =>
      callApi(calls.authentication.isPasswordResetTokenValid, { body: { passwordResetToken: token }, signal }),
    ...tokenCheckQueryDefaults,
  });

export function useIsPasswordResetTokenValid(token: string | null) {
  return useQuery({ ...getIsPasswordResetTokenValidQueryOptions(token ?? ''), enabled: Boolean(token) });
}
