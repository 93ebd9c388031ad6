import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateQrCodeRequest,
  type QrCode,
  qrCodeListResponseSchema,
  qrCodeSchema,
} from '@ztart/shared/contracts/qr-codes';
import { businessKeys, businessUrl } from '@/features/business/api/keys';
import { api } from '@/lib/api-client';

/** `GET /api/businesses/{id}/qr-codes`: the business's codes, whose tips go into its wallet. */
export function useBusinessQrCodes(businessId: string) {
  return useQuery({
    queryKey: businessKeys.qrCodes(businessId),
    queryFn: async ({ signal }) =>
      qrCodeListResponseSchema.parse(
        await api.get<unknown>(`${businessUrl(businessId)}/qr-codes`, { signal }),
      ).items,
    retry: false,
  });
}

/** `POST /api/businesses/{id}/qr-codes` (422 `limit_exceeded` over the plan's QR code limit). */
export function useCreateBusinessQrCode(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation<QrCode, unknown, CreateQrCodeRequest>({
    mutationFn: async (body) =>
      qrCodeSchema.parse(await api.post<unknown>(`${businessUrl(businessId)}/qr-codes`, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.qrCodes(businessId) }),
  });
}
