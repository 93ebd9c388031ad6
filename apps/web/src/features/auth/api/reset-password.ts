import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '@ztart/shared/contracts/auth';
import { api } from '@/lib/api-client';

/** `POST /api/auth/reset-password` with the token of the mail link → 200; other sessions end. */
export function useResetPassword() {
  return useMutation<unknown, unknown, ResetPasswordRequest>({
    mutationFn: (body) => api.post<unknown>('/api/auth/reset-password', body),
  });
}
