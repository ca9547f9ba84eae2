import { calls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/call-query';
import { tokenCheckQueryDefaults } from './new-password-input';

export const getIsActivationKeyValidQueryOptions = (token: string) => ({
  ...callQueryOptions(['authentication', 'activation-key-valid', token], calls.authentication.isActivationKeyValid, { body: { activationToken: token } }),
  ...tokenCheckQueryDefaults,
});

export function useIsActivationKeyValid(token: string | null) {
  return useQuery({ ...getIsActivationKeyValidQueryOptions(token ?? ''), enabled: Boolean(token) });
}
