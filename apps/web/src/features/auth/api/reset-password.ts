import { calls } from '@portal/contract';
import { useCallMutation } from '@/lib/call-query';
import type { NewPasswordInput } from './new-password-input';

export const useResetPassword = () =>
  useCallMutation(calls.authentication.resetPassword, undefined, ({ token, password, passwordRepeat }: NewPasswordInput) => ({ body: { passwordResetToken: token, password, passwordRepeat } }));
