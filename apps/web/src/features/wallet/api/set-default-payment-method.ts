import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PaymentMethod, paymentMethodSchema } from '@ztart/shared/contracts/payment-methods';
import { paymentMethodKeys } from '@/features/wallet/api/get-payment-methods';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

/** `POST /api/payment-methods/{id}/default` → the method, now the default of its type. */
export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation<PaymentMethod, unknown, string>({
    mutationFn: async (id) => {
      if (isDemoMode()) return (await import('@/lib/demo/demo-money')).setDemoDefaultPaymentMethod(id);
      return paymentMethodSchema.parse(
        await api.post<unknown>(`/api/payment-methods/${encodeURIComponent(id)}/default`),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all }),
  });
}
