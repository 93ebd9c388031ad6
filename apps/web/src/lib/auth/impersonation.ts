import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reloadSession } from '@/lib/auth/session';

export const END_IMPERSONATION_PATH = '/api/admin/impersonation';

/**
 * `DELETE /api/admin/impersonation`: the administrator is themself again. Every cached answer
 * (the person's) is dropped and the session asked again, whatever the answer: a 409
 * `impersonation_not_active` means it had already ended (its 15 minutes ran out).
 */
export function useEndImpersonation() {
  const queryClient = useQueryClient();
  return useMutation<void, unknown, void>({
    mutationFn: async () => {
      await api.delete<unknown>(END_IMPERSONATION_PATH);
    },
    retry: false,
    onSettled: () => reloadSession(queryClient),
  });
}
