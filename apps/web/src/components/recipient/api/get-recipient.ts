import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type RecipientResponse, recipientResponseSchema } from '@ztart/shared/contracts/wallet';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

/** How long typing must pause before the recipient is looked up. */
export const RECIPIENT_LOOKUP_DELAY_MS = 400;

/** `GET /api/transfers/recipient?q=` → who a transfer to this ztartag, email or phone would reach. */
export async function fetchRecipient(query: string, signal?: AbortSignal): Promise<RecipientResponse> {
  if (isDemoMode()) return (await import('@/lib/demo/demo-money')).demoRecipient(query);
  const params = new URLSearchParams({ q: query });
  return recipientResponseSchema.parse(
    await api.get<unknown>(`/api/transfers/recipient?${params.toString()}`, { signal }),
  );
}

/**
 * Looks the recipient up once typing pauses. `settled` is false while the person is still typing
 * or the answer is on its way, so the form never confirms a transfer to a previous answer.
 */
export function useRecipientLookup(input: string) {
  const query = input.trim();
  const debounced = useDebouncedValue(query, RECIPIENT_LOOKUP_DELAY_MS);
  const lookup = useQuery({
    queryKey: ['transfers', 'recipient', debounced],
    queryFn: ({ signal }) => fetchRecipient(debounced, signal),
    enabled: debounced.length > 0 && debounced === query,
    staleTime: 30_000,
    // A 404 is an answer ("no such person"), not a failure to retry.
    retry: false,
    placeholderData: keepPreviousData,
  });
  const settled = query.length > 0 && debounced === query && !lookup.isFetching && !lookup.isPlaceholderData;
  return { ...lookup, query, settled };
}
