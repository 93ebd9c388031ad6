import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateQrCodeRequest, type QrCode, qrCodeSchema } from '@ztart/shared/contracts/qr-codes';
import { qrCodeKeys } from '@/features/qr/api/get-qr-codes';
import { api } from '@/lib/api-client';
import { APP_ACTIONS, logUserAction } from '@/lib/user-actions';

/**
 * `POST /api/qr-codes` → 201 QrCode; 422 `qr_generation_failed` when its EMV payload cannot be
 * made, 422 `limit_exceeded` past the number of codes a person may have. Not retried: a retry
 * after a lost answer would make a second code.
 */
export function useCreateQrCode() {
  const queryClient = useQueryClient();
  return useMutation<QrCode, unknown, CreateQrCodeRequest>({
    mutationFn: async (body) => qrCodeSchema.parse(await api.post<unknown>('/api/qr-codes', body)),
    retry: false,
    onSuccess: (created) => {
      queryClient.setQueryData(qrCodeKeys.detail(created.id), created);
      logUserAction(APP_ACTIONS.qrCreated, `qr_code:${created.id}`);
      return queryClient.invalidateQueries({ queryKey: qrCodeKeys.list() });
    },
  });
}
