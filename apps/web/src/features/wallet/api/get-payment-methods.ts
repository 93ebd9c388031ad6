import { useQuery } from '@tanstack/react-query';
import { type PaymentMethod, paymentMethodListResponseSchema } from '@ztart/shared/contracts/payment-methods';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

export const paymentMethodKeys = {
  all: ['payment-methods'] as const,
};

/** `GET /api/payment-methods` → cards and bank accounts, default first, then newest first. */
export async function fetchPaymentMethods(signal?: AbortSignal): Promise<PaymentMethod[]> {
  if (isDemoMode()) return (await import('@/lib/demo/demo-money')).demoPaymentMethods();
  const answer = paymentMethodListResponseSchema.parse(
    await api.get<unknown>('/api/payment-methods', { signal }),
  );
  return answer.items;
}

export function usePaymentMethods() {
  return useQuery({
    queryKey: paymentMethodKeys.all,
    queryFn: ({ signal }) => fetchPaymentMethods(signal),
    // Added, removed or made default in another tab or on another device: ask again on each visit.
    refetchOnMount: true,
    staleTime: 0,
  });
}

export function cardsOf(methods: readonly PaymentMethod[]): PaymentMethod[] {
  return methods.filter((method) => method.type === 'card');
}

export function bankAccountsOf(methods: readonly PaymentMethod[]): PaymentMethod[] {
  return methods.filter((method) => method.type === 'bank_account');
}
