import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentMethodKeys } from '@/features/wallet/api/get-payment-methods';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

/** `DELETE /api/payment-methods/{id}` → 204. */
export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation<void, unknown, string>({
    mutationFn: async (id) => {
      if (isDemoMode()) return (await import('@/lib/demo/demo-money')).removeDemoPaymentMethod(id);
      await api.delete<unknown>(`/api/payment-methods/${encodeURIComponent(id)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all }),
  });
}
