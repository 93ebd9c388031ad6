import { useQuery } from '@tanstack/react-query';
import { type QuickTipProfile, quickTipProfileSchema } from '@ztart/shared/contracts/qr-codes';
import { api } from '@/lib/api-client';

/** `GET /api/public/profiles/{ztartag}` → who is tipped, the currency tips to them are paid in, the bounds. */
export async function fetchTipProfile(ztartag: string, signal?: AbortSignal): Promise<QuickTipProfile> {
  return quickTipProfileSchema.parse(
    await api.get<unknown>(`/api/public/profiles/${encodeURIComponent(ztartag)}`, { signal }),
  );
}

export function useTipProfile(ztartag: string) {
  return useQuery({
    queryKey: ['tips', 'profile', ztartag] as const,
    queryFn: ({ signal }) => fetchTipProfile(ztartag, signal),
    // An unknown person is an answer, not a failure to retry.
    retry: false,
  });
}
