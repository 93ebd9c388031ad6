import { useQuery } from '@tanstack/react-query';
import { type QrCode, qrCodeListResponseSchema } from '@ztart/shared/contracts/qr-codes';
import { api } from '@/lib/api-client';

export const qrCodeKeys = {
  all: ['qr-codes'] as const,
  list: () => [...qrCodeKeys.all, 'list'] as const,
  detail: (id: string) => [...qrCodeKeys.all, 'detail', id] as const,
};

/** `GET /api/qr-codes` → the person's QR codes, newest first. */
export async function fetchQrCodes(signal?: AbortSignal): Promise<QrCode[]> {
  return qrCodeListResponseSchema.parse(await api.get<unknown>('/api/qr-codes', { signal })).items;
}

export function useQrCodes() {
  return useQuery({
    queryKey: qrCodeKeys.list(),
    queryFn: ({ signal }) => fetchQrCodes(signal),
    // Scan counts move while the person is away: ask again on each visit.
    refetchOnMount: true,
    staleTime: 0,
  });
}
