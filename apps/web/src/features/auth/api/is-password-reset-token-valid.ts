import { calls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/call-query';
import { tokenCheckQueryDefaults } from './new-password-input';

export const getIsPasswordResetTokenValidQueryOptions = (token: string) => ({
  ...callQueryOptions(['authentication', 'password-reset-token-valid', token], calls.authentication.isPasswordResetTokenValid, { body: { passwordResetToken: token } }),
  ...tokenCheckQueryDefaults,
});

export function useIsPasswordResetTokenValid(token: string | null) {
  return useQuery({ ...getIsPasswordResetTokenValidQueryOptions(token ?? ''), enabled: Boolean(token) });
}
