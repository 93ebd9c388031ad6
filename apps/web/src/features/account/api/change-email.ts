import { useMutation } from '@tanstack/react-query';
import type { AcceptedResponse, ChangeEmailRequest } from '@ztart/shared/contracts/auth';
import { api } from '@/lib/api-client';

/** `POST /api/auth/change-email` → 202: a link goes to the new address; the email changes when it opens. */
export function useChangeEmail() {
  return useMutation<AcceptedResponse, unknown, ChangeEmailRequest>({
    mutationFn: (body) => api.post<AcceptedResponse>('/api/auth/change-email', body),
  });
}
