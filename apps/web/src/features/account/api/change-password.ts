import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@ztart/shared/contracts/auth';
import { api } from '@/lib/api-client';

/** `POST /api/auth/change-password` → 200; the person's other sessions are signed out. */
export function useChangePassword() {
  return useMutation<unknown, unknown, ChangePasswordRequest>({
    mutationFn: (body) => api.post<unknown>('/api/auth/change-password', body),
  });
}
