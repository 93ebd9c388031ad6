import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhoneStartRequest, PhoneVerifyRequest } from '@ztart/shared/contracts/auth';
import { api } from '@/lib/api-client';
import type { AuthState } from '@/lib/auth/auth-context';
import { parseSession, SESSION_QUERY_KEY } from '@/lib/auth/session';

/** `POST /api/auth/phone/start` → 202: a 6-digit code goes to the number by SMS. */
export function usePhoneStart() {
  return useMutation<unknown, unknown, PhoneStartRequest>({
    mutationFn: (body) => api.post<unknown>('/api/auth/phone/start', body),
  });
}

/** `POST /api/auth/phone/verify` → the session, now with the verified number. */
export function usePhoneVerify() {
  const queryClient = useQueryClient();
  return useMutation<AuthState, unknown, PhoneVerifyRequest>({
    mutationFn: async (body) => parseSession(await api.post<unknown>('/api/auth/phone/verify', body)),
    onSuccess: (state) => queryClient.setQueryData(SESSION_QUERY_KEY, state),
  });
}
