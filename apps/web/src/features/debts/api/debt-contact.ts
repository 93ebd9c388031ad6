import { useQuery } from '@tanstack/react-query';
import { type Contact, contactSchema } from '@ztart/shared/contracts/contacts';
import { api } from '@/lib/api-client';
import { DEBTS_QUERY_ROOT } from '@/lib/live-events';

/** `GET /api/contacts/{id}`: the contact whose debts the page shows. */
export async function fetchDebtContact(id: string, signal?: AbortSignal): Promise<Contact> {
  return contactSchema.parse(await api.get<unknown>(`/api/contacts/${encodeURIComponent(id)}`, { signal }));
}

export function useDebtContact(id: string | null) {
  return useQuery({
    queryKey: [...DEBTS_QUERY_ROOT, 'contact', id ?? ''] as const,
    queryFn: ({ signal }) => fetchDebtContact(id ?? '', signal),
    enabled: id !== null,
  });
}
