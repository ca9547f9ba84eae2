import { calls } from '@portal/contract';
import { useCallMutation } from '@/lib/call-query';
import type { NewPasswordInput } from './new-password-input';

export const useActivateAccount = () =>
  useCallMutation(calls.authentication.activateAccount, undefined, ({ token, password, passwordRepeat }: NewPasswordInput) => ({ body: { activationToken: token, password, passwordRepeat } }));
