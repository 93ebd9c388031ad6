import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QrCode } from '@ztart/shared/contracts/qr-codes';
import { qrCodeKeys } from '@/features/qr/api/get-qr-codes';
import { api } from '@/lib/api-client';

/** `DELETE /api/qr-codes/{id}` → 204; its short link then answers not found. */
export function useDeleteQrCode() {
  const queryClient = useQueryClient();
  return useMutation<void, unknown, string>({
    mutationFn: async (id) => {
      await api.delete<unknown>(`/api/qr-codes/${encodeURIComponent(id)}`);
    },
    onSuccess: (_answer, id) => {
      // Gone at once from the list, before the list is asked again.
      queryClient.setQueryData<QrCode[]>(qrCodeKeys.list(), (codes) =>
        codes?.filter((code) => code.id !== id),
      );
      queryClient.removeQueries({ queryKey: qrCodeKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: qrCodeKeys.list() });
    },
  });
}
