import { sessionCalls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions, useCallMutation } from '@/lib/call-query';

const sessionsKey = ['account', 'sessions'] as const;

export const getSessionsQueryOptions = () => callQueryOptions(sessionsKey, sessionCalls.getSessions);

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}

export function useEndSession() {
  return useCallMutation(sessionCalls.endSession, () => [sessionsKey]);
}

export function useEndOtherSessions() {
  return useCallMutation(sessionCalls.endOtherSessions, () => [sessionsKey]);
}
