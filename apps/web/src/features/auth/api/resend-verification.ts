import { useMutation } from '@tanstack/react-query';
import type { AcceptedResponse, EmailRequest } from '@ztart/shared/contracts/auth';
import { api } from '@/lib/api-client';

/** `POST /api/auth/resend-verification` → 202 accepted (the same answer for any address). */
export function useResendVerification() {
  return useMutation<AcceptedResponse, unknown, EmailRequest>({
    mutationFn: (body) => api.post<AcceptedResponse>('/api/auth/resend-verification', body),
  });
}
