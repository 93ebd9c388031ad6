import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateInvoiceRequest,
  type Invoice,
  type InvoiceListResponse,
  type InvoiceStatus,
  invoiceListResponseSchema,
  invoiceSchema,
  type UpdateInvoiceRequest,
} from '@ztart/shared/contracts/invoices';
import { PAGE_SIZE } from '@ztart/shared/limits';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { INVOICES_QUERY_ROOT, refetchIfInvalidated } from '@/lib/live-events';

const INVOICES_ROOT = INVOICES_QUERY_ROOT;

export const invoiceKeys = {
  all: INVOICES_ROOT,
  list: (status: InvoiceStatus | null) => [...INVOICES_ROOT, 'list', { status }] as const,
  detail: (id: string) => [...INVOICES_ROOT, 'detail', id] as const,
};

/** The demo's simulated money bills nobody: an empty list, and every write refused like the others. */
const DEMO_LIST: InvoiceListResponse = { items: [], nextCursor: null, outstanding: [] };

export const invoiceUrl = (id: string) => `/api/invoices/${encodeURIComponent(id)}`;

/** `GET /api/invoices/{id}.pdf`: the invoice as a PDF, in the issuer's language. */
export const invoicePdfUrl = (id: string) => `${invoiceUrl(id)}.pdf`;

/** `GET /api/invoices?status=&cursor=`: one page of the issuer's invoices and what is outstanding. */
export async function fetchInvoicePage(
  status: InvoiceStatus | null,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<InvoiceListResponse> {
  if (isDemoMode()) return DEMO_LIST;
  const params = new URLSearchParams({ limit: String(PAGE_SIZE.default) });
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  return invoiceListResponseSchema.parse(await api.get<unknown>(`/api/invoices?${params}`, { signal }));
}

export function useInvoices(status: InvoiceStatus | null) {
  return useInfiniteQuery({
    queryKey: invoiceKeys.list(status),
    queryFn: ({ pageParam, signal }) => fetchInvoicePage(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    refetchOnMount: refetchIfInvalidated,
  });
}

/** `GET /api/invoices/{id}`. */
export function useInvoice(id: string) {
  return useQuery({
    queryKey: invoiceKeys.detail(id),
    queryFn: async ({ signal }) => invoiceSchema.parse(await api.get<unknown>(invoiceUrl(id), { signal })),
    refetchOnMount: refetchIfInvalidated,
  });
}

function useInvoiceMutation<Variables>(request: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation<Invoice, unknown, Variables>({
    mutationFn: async (variables) => invoiceSchema.parse(await request(variables)),
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceKeys.detail(invoice.id), invoice);
      return queryClient.invalidateQueries({ queryKey: [...INVOICES_ROOT, 'list'] });
    },
  });
}

/** `POST /api/invoices` → the new draft, with its number. */
export function useCreateInvoice() {
  return useInvoiceMutation((body: CreateInvoiceRequest) => api.post<unknown>('/api/invoices', body));
}

/** `PATCH /api/invoices/{id}`: only a draft (409 `invoice_not_editable` otherwise). */
export function useUpdateInvoice() {
  return useInvoiceMutation(({ id, changes }: { id: string; changes: UpdateInvoiceRequest }) =>
    api.patch<unknown>(invoiceUrl(id), changes),
  );
}

/** `POST /api/invoices/{id}/send`: mails the customer the pay link. */
export function useSendInvoice() {
  return useInvoiceMutation((id: string) => api.post<unknown>(`${invoiceUrl(id)}/send`));
}

/** `POST /api/invoices/{id}/void`: a paid or void invoice cannot be (409 `invoice_not_voidable`). */
export function useVoidInvoice() {
  return useInvoiceMutation((id: string) => api.post<unknown>(`${invoiceUrl(id)}/void`));
}
