import { useQuery } from '@tanstack/react-query';
import { type VerifyEmailResponse, verifyEmailResponseSchema } from '@ztart/shared/contracts/auth';
import { api } from '@/lib/api-client';

/**
 * `POST /api/auth/verify-email` {token}, once, as soon as the mail link opens. A query, not a
 * mutation: the token is single-use, and a query is asked once however often the screen mounts.
 * A refused token is 400 `invalid_token` with `details.reason` (invalid, used, expired, email_taken).
 */
export function useVerifyEmail(token: string) {
  return useQuery({
    queryKey: ['auth', 'verify-email', token],
    queryFn: async (): Promise<VerifyEmailResponse> =>
      verifyEmailResponseSchema.parse(await api.post<unknown>('/api/auth/verify-email', { token })),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
