import { useQuery } from '@tanstack/react-query';
import { type QrCode, qrCodeSchema } from '@ztart/shared/contracts/qr-codes';
import { qrCodeKeys } from '@/features/qr/api/get-qr-codes';
import { api } from '@/lib/api-client';

/** `GET /api/qr-codes/{id}` → QrCode; another person's or a deleted one → 404 `not_found`. */
export async function fetchQrCode(id: string, signal?: AbortSignal): Promise<QrCode> {
  return qrCodeSchema.parse(await api.get<unknown>(`/api/qr-codes/${encodeURIComponent(id)}`, { signal }));
}

export function useQrCode(id: string) {
  return useQuery({
    queryKey: qrCodeKeys.detail(id),
    queryFn: ({ signal }) => fetchQrCode(id, signal),
    refetchOnMount: true,
    staleTime: 0,
  });
}
