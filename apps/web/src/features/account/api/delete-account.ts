import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '@ztart/shared/contracts/profiles';
import { apiRequest } from '@/lib/api-client';
import { type LeaveOptions, useEndSession } from '@/lib/auth/auth-actions';

/**
 * `DELETE /api/profiles/me` {confirmation, password} → 204: personal data removed or
 * anonymised, money and audit history kept. The person is then signed out here too, once
 * `leave` has moved them on.
 */
export function useDeleteAccount(options: LeaveOptions = {}) {
  const endSession = useEndSession();
  return useMutation<void, unknown, DeleteAccountRequest>({
    mutationFn: (body) => apiRequest<void>('/api/profiles/me', { method: 'DELETE', body }),
    onSuccess: () => endSession(options),
  });
}
