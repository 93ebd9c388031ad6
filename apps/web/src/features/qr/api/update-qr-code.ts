import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type QrCode, qrCodeSchema, type UpdateQrCodeRequest } from '@ztart/shared/contracts/qr-codes';
import { qrCodeKeys } from '@/features/qr/api/get-qr-codes';
import { api } from '@/lib/api-client';

export interface UpdateQrCodeVariables {
  id: string;
  changes: UpdateQrCodeRequest;
}

/**
 * `PATCH /api/qr-codes/{id}` → QrCode: only the fields sent change. A failure to save the dynamic
 * settings answers 500 `dynamic_qr_save_failed`; an inconsistent result 400 `validation_failed`.
 */
export function useUpdateQrCode() {
  const queryClient = useQueryClient();
  return useMutation<QrCode, unknown, UpdateQrCodeVariables>({
    mutationFn: async ({ id, changes }) =>
      qrCodeSchema.parse(await api.patch<unknown>(`/api/qr-codes/${encodeURIComponent(id)}`, changes)),
    onSuccess: (saved) => {
      queryClient.setQueryData(qrCodeKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: qrCodeKeys.list() });
    },
  });
}
