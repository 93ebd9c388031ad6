import { useMutation } from '@tanstack/react-query';
import type { AcceptedResponse, EmailRequest } from '@ztart/shared/contracts/auth';
import { api } from '@/lib/api-client';

/** `POST /api/auth/forgot-password` → 202 accepted, whether or not the email is registered. */
export function useForgotPassword() {
  return useMutation<AcceptedResponse, unknown, EmailRequest>({
    mutationFn: (body) => api.post<AcceptedResponse>('/api/auth/forgot-password', body),
  });
}
