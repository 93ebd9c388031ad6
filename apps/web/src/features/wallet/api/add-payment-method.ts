import { useQueryClient } from '@tanstack/react-query';
import {
  type AddPaymentMethodRequest,
  type PaymentMethod,
  paymentMethodSchema,
} from '@ztart/shared/contracts/payment-methods';
import { useCallback, useState } from 'react';
import { paymentMethodKeys } from '@/features/wallet/api/get-payment-methods';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

export async function postPaymentMethod(body: AddPaymentMethodRequest): Promise<PaymentMethod> {
  if (isDemoMode()) return (await import('@/lib/demo/demo-money')).addDemoPaymentMethod(body);
  return paymentMethodSchema.parse(await api.post<unknown>('/api/payment-methods', body));
}

/**
 * `POST /api/payment-methods` → 201 PaymentMethod. Not a useMutation on purpose: a mutation keeps
 * its variables (here the card number and CVC) in the query client's cache for minutes, and the
 * card details must live only in the form until sent. Never retried: the processor may have
 * tokenized the card already.
 */
export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ isPending: boolean; error: unknown }>({
    isPending: false,
    error: null,
  });

  const add = useCallback(
    async (body: AddPaymentMethodRequest): Promise<{ method: PaymentMethod } | { error: unknown }> => {
      setState({ isPending: true, error: null });
      try {
        const method = await postPaymentMethod(body);
        setState({ isPending: false, error: null });
        void queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all });
        return { method };
      } catch (error) {
        setState({ isPending: false, error });
        return { error };
      }
    },
    [queryClient],
  );

  const reset = useCallback(() => setState({ isPending: false, error: null }), []);
  return { add, reset, ...state };
}
