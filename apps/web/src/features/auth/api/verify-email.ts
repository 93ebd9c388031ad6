import { useQuery } from '@tanstack/react-query';
import type { VerifyEmailResponse } from '@ztart/shared/contracts/auth';
import { api } from '@/lib/api-client';

/**
 * `POST /api/auth/verify-email` {token}, once, as soon as the mail link opens. A query, not a
 * mutation: the token is single-use, and a query is asked once however often the screen mounts.
 * A refused token is 400 `invalid_token` with `details.reason` (invalid, used, expired, email_taken).
 */
export function useVerifyEmail(token: string) {
  return useQuery({
    queryKey: ['auth', 'verify-email', token],
    queryFn: async (): Promise<VerifyEmailResponse> => {
      const [body, { verifyEmailResponseSchema }] = await Promise.all([
        api.post<unknown>('/api/auth/verify-email', { token }),
        // The contract loads with the request: the auth screen's first load has no schema (decision 0060).
        import('@ztart/shared/contracts/auth'),
      ]);
      return verifyEmailResponseSchema.parse(body);
    },
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
