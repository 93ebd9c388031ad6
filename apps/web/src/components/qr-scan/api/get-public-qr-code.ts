import { useQuery } from '@tanstack/react-query';
import { type PublicQrCode, publicQrCodeSchema } from '@ztart/shared/contracts/qr-codes';
import type { GeoPosition } from '@ztart/shared/dynamic-qr';
import { api } from '@/lib/api-client';

/**
 * `GET /api/public/qr-codes/{code}?lat=&lon=` → PublicQrCode, resolved like the scan that led
 * here (the position, when the scanner shared it, comes along); unknown or deleted → 404.
 */
export async function fetchPublicQrCode(
  code: string,
  position: GeoPosition | null,
  signal?: AbortSignal,
): Promise<PublicQrCode> {
  const query = position
    ? `?${new URLSearchParams({ lat: String(position.latitude), lon: String(position.longitude) })}`
    : '';
  return publicQrCodeSchema.parse(
    await api.get<unknown>(`/api/public/qr-codes/${encodeURIComponent(code)}${query}`, { signal }),
  );
}

export function usePublicQrCode(code: string, position: GeoPosition | null) {
  return useQuery({
    queryKey: ['public-qr-code', code, position?.latitude ?? null, position?.longitude ?? null] as const,
    queryFn: ({ signal }) => fetchPublicQrCode(code, position, signal),
  });
}
