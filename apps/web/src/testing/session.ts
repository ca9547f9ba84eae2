import type { AuthData } from '@portal/contract';
import { setSession } from '@/lib/session';

export const testSession: AuthData = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  userInfo: { firstName: 'Anouk', isAdministrator: false },
};

export function logIn(overrides: Partial<AuthData['userInfo']> = {}): AuthData {
  const session = { ...testSession, userInfo: { ...testSession.userInfo, ...overrides } };
  setSession(session);
  return session;
}
