import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { revokeOthersResponseSchema, sessionListResponseSchema } from '@ztart/shared/contracts/auth';
import { api } from '@/lib/api-client';

export const SESSIONS_QUERY_KEY = ['auth', 'sessions'] as const;

/** `GET /api/auth/sessions` → the person's open sessions (asked only once the section is unlocked). */
export function useSessions(enabled: boolean) {
  return useQuery({
    queryKey: SESSIONS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      sessionListResponseSchema.parse(await api.get<unknown>('/api/auth/sessions', { signal })).items,
    enabled,
    staleTime: 0,
  });
}

/** `POST /api/auth/sessions/revoke-others` → how many other sessions were signed out. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation<number, unknown, void>({
    mutationFn: async () =>
      revokeOthersResponseSchema.parse(await api.post<unknown>('/api/auth/sessions/revoke-others')).revoked,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
