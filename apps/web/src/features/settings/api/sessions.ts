import { sessionCalls } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(sessionCalls.endOtherSessions),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
