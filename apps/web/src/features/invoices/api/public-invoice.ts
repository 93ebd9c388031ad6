import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type InvoicePaymentRequestInput,
  type InvoicePaymentResponse,
  invoicePaymentResponseSchema,
  type PublicInvoice,
  publicInvoiceSchema,
} from '@ztart/shared/contracts/invoices';
import { IDEMPOTENCY_HEADER } from '@ztart/shared/contracts/wallet';
import { useRef } from 'react';
import type { IdempotentRequest } from '@/components/money-flow/money-movement';
import { errorCodeOf } from '@/hooks/use-error-message';
import { api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/live-events';

/**
 * How a pending card payment is asked about until the processor has settled it: first after
 * PENDING_POLL_MS, each wait twice the one before up to PENDING_POLL_MAX_MS, and no more once it has
 * been pending PENDING_POLL_LIMIT_MS (a reload asks again).
 */
export const PENDING_POLL_MS = 2_000;
export const PENDING_POLL_MAX_MS = 30_000;
export const PENDING_POLL_LIMIT_MS = 10 * 60_000;

/** The wait before the next question about a payment pending for `elapsedMs`, asked `polls` times; false to stop. */
export function pendingPollDelay(elapsedMs: number, polls: number): number | false {
  if (elapsedMs >= PENDING_POLL_LIMIT_MS) return false;
  return Math.min(PENDING_POLL_MS * 2 ** Math.min(polls, 8), PENDING_POLL_MAX_MS);
}

export const publicInvoiceKeys = {
  detail: (code: string) => ['public-invoice', code] as const,
};

const publicInvoiceUrl = (code: string) => `/api/public/invoices/${encodeURIComponent(code)}`;

/**
 * `GET /api/public/invoices/{code}`: what a payer needs, without an account. While a card payment
 * is pending it is asked again, less and less often and for a bounded time (pendingPollDelay), so
 * "pending" turns to "paid" without a reload.
 */
export function usePublicInvoice(code: string) {
  // When the payment was first seen pending, and how many answers the query had by then.
  const pendingSince = useRef<{ at: number; updates: number } | null>(null);
  return useQuery({
    queryKey: publicInvoiceKeys.detail(code),
    queryFn: async ({ signal }) =>
      publicInvoiceSchema.parse(await api.get<unknown>(publicInvoiceUrl(code), { signal })),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data?.status !== 'paid' || data.paymentStatus !== 'pending') {
        pendingSince.current = null;
        return false;
      }
      pendingSince.current ??= { at: Date.now(), updates: query.state.dataUpdateCount };
      const { at, updates } = pendingSince.current;
      return pendingPollDelay(Date.now() - at, query.state.dataUpdateCount - updates);
    },
    retry: (failures, error) => failures < 2 && !isNotFound(error),
  });
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}

/**
 * `POST /api/public/invoices/{code}/payments` with the confirmation's Idempotency-Key: repeating it
 * can never pay twice. The invoice as the payment left it replaces the one shown. When it was paid
 * or voided meanwhile (409 `invoice_not_payable`), `onNotPayable` hears of it even though the
 * screen that asked has given way to the invoice's new state.
 */
export function usePayInvoice(code: string, onNotPayable: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation<InvoicePaymentResponse, unknown, IdempotentRequest<InvoicePaymentRequestInput>>({
    mutationFn: async ({ body, idempotencyKey }) =>
      invoicePaymentResponseSchema.parse(
        await api.post<unknown>(`${publicInvoiceUrl(code)}/payments`, body, {
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        }),
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData<PublicInvoice>(publicInvoiceKeys.detail(code), answer.invoice);
    },
    onError: (error) => {
      // Paid or voided meanwhile: show the invoice as it now stands, without a pay button.
      if (errorCodeOf(error) === 'invoice_not_payable') {
        onNotPayable(error);
        void queryClient.invalidateQueries({ queryKey: publicInvoiceKeys.detail(code) });
      }
    },
    // A wallet payment moves the payer's own balance.
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
}
