import { useQuery } from '@tanstack/react-query';
import { normalizeZtartag, ZTARTAG_PATTERN } from '@ztart/shared/patterns';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { api } from '@/lib/api-client';

/** How long typing must pause before the availability of a ztartag is asked. */
export const ZTARTAG_CHECK_DELAY_MS = 400;

export type ZtartagAvailability = 'idle' | 'checking' | 'available' | 'taken' | 'own' | 'error';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `GET /api/ztartags/:tag` → whether the tag is free (the asker's own tag counts as free). */
export async function fetchZtartagAvailable(tag: string, signal?: AbortSignal): Promise<boolean> {
  const body = await api.get<unknown>(`/api/ztartags/${encodeURIComponent(tag)}`, { signal });
  if (!isRecord(body) || typeof body.available !== 'boolean')
    throw new Error('Unexpected availability answer');
  return body.available;
}

/** `GET /api/ztartags/suggestion?from=` → a free tag made from an email or a name; null if none. */
export async function fetchZtartagSuggestion(from: string): Promise<string | null> {
  const body = await api.get<unknown>(`/api/ztartags/suggestion?from=${encodeURIComponent(from)}`);
  return isRecord(body) && typeof body.suggestion === 'string' ? body.suggestion : null;
}

/**
 * The live check of spec §4 ("available or already taken"): asked once typing pauses, only
 * for a well-formed tag, never for the person's own current tag.
 */
export function useZtartagAvailability(input: string, ownTag?: string | null): ZtartagAvailability {
  const tag = normalizeZtartag(input);
  const debounced = useDebouncedValue(tag, ZTARTAG_CHECK_DELAY_MS);
  const wellFormed = ZTARTAG_PATTERN.test(tag);
  const isOwn = wellFormed && ownTag != null && tag === normalizeZtartag(ownTag);
  const query = useQuery({
    queryKey: ['ztartags', 'availability', debounced],
    queryFn: ({ signal }) => fetchZtartagAvailable(debounced, signal),
    enabled: wellFormed && !isOwn && debounced === tag,
    staleTime: 30_000,
    retry: false,
  });
  if (!wellFormed) return 'idle';
  if (isOwn) return 'own';
  if (debounced !== tag || query.isPending) return 'checking';
  if (query.isError) return 'error';
  return query.data ? 'available' : 'taken';
}
