import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PinStatusResponse, pinStatusResponseSchema } from '@ztart/shared/contracts/security';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

export const PIN_STATUS_QUERY_KEY = ['pin', 'status'] as const;

/** The demo has no PIN (creating one is refused like every other change). */
const DEMO_PIN_STATUS: PinStatusResponse = { pinSet: false, unlockedUntil: null, lockedUntil: null };

async function fetchPinStatus(signal?: AbortSignal): Promise<PinStatusResponse> {
  if (isDemoMode()) return DEMO_PIN_STATUS;
  return pinStatusResponseSchema.parse(await api.get<unknown>('/api/pin', { signal }));
}

/** `GET /api/pin` → whether a PIN is set, until when the protected section is unlocked, any lock. */
export function usePinStatus() {
  return useQuery({
    queryKey: PIN_STATUS_QUERY_KEY,
    queryFn: ({ signal }) => fetchPinStatus(signal),
    // Unlocking expires on the server's clock: ask again rather than trust an old answer.
    staleTime: 0,
  });
}

/** The answer of a PIN change: the status when the server sends it, else asked again. */
function usePinMutation<T>(send: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation<PinStatusResponse | null, unknown, T>({
    mutationFn: async (body) => {
      const parsed = pinStatusResponseSchema.safeParse(await send(body));
      return parsed.success ? parsed.data : null;
    },
    onSuccess: (status) => {
      if (status) queryClient.setQueryData(PIN_STATUS_QUERY_KEY, status);
      else void queryClient.invalidateQueries({ queryKey: PIN_STATUS_QUERY_KEY });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: PIN_STATUS_QUERY_KEY }),
  });
}

/** `POST /api/pin` creates the PIN (none set yet) → the status, unlocked. */
export function useCreatePin() {
  return usePinMutation((body: { pin: string; pinConfirmation: string }) => api.post('/api/pin', body));
}

/** `PUT /api/pin` changes it; the current PIN must be right. */
export function useChangePin() {
  return usePinMutation((body: { currentPin: string; pin: string; pinConfirmation: string }) =>
    api.put('/api/pin', body),
  );
}

/** `POST /api/pin/remove` removes it. */
export function useRemovePin() {
  return usePinMutation((body: { pin: string }) => api.post('/api/pin/remove', body));
}

/** `POST /api/pin/verify` unlocks the protected section for a few minutes. */
export function useVerifyPin() {
  return usePinMutation((body: { pin: string }) => api.post('/api/pin/verify', body));
}
