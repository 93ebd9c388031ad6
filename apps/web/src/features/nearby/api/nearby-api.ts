import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type NearbyLocationRequest,
  type NearbyPerson,
  nearbyListResponseSchema,
  nearbyVisibilitySchema,
} from '@ztart/shared/contracts/nearby';
import { NEARBY } from '@ztart/shared/limits';
import { api } from '@/lib/api-client';

export const nearbyKeys = {
  all: ['nearby'] as const,
  visibility: () => [...nearbyKeys.all, 'visibility'] as const,
  lists: () => [...nearbyKeys.all, 'list'] as const,
  list: (radiusKm: number) => [...nearbyKeys.lists(), radiusKm] as const,
};

/** `GET /api/nearby/visibility` → whether people nearby can find the person (off by default). */
export function useNearbyVisibility() {
  return useQuery({
    queryKey: nearbyKeys.visibility(),
    queryFn: async ({ signal }) =>
      nearbyVisibilitySchema.parse(await api.get<unknown>('/api/nearby/visibility', { signal })).enabled,
    refetchOnMount: true,
    staleTime: 0,
  });
}

/** `PUT /api/nearby/visibility`: off forgets the person's position at once. */
export function useSetNearbyVisibility() {
  const queryClient = useQueryClient();
  return useMutation<boolean, unknown, boolean>({
    mutationFn: async (enabled) =>
      nearbyVisibilitySchema.parse(await api.put<unknown>('/api/nearby/visibility', { enabled })).enabled,
    onSuccess: (enabled) => {
      queryClient.setQueryData(nearbyKeys.visibility(), enabled);
      if (!enabled) queryClient.removeQueries({ queryKey: nearbyKeys.lists() });
    },
  });
}

/** `PUT /api/nearby/location` (204): the server keeps only the 1 km cell the position falls in. */
export function sendNearbyLocation(position: NearbyLocationRequest): Promise<void> {
  return api.put<void>('/api/nearby/location', position);
}

/**
 * `GET /api/nearby?radiusKm=` → the visible people around, nearest first. Asked for only once the
 * person is visible with a position sent; again each time the page refreshes the position.
 */
export function useNearbyPeople(radiusKm: number, enabled: boolean) {
  return useQuery<NearbyPerson[]>({
    queryKey: nearbyKeys.list(radiusKm),
    queryFn: async ({ signal }) =>
      nearbyListResponseSchema.parse(
        await api.get<unknown>(`/api/nearby?radiusKm=${encodeURIComponent(radiusKm)}`, { signal }),
      ).items,
    enabled,
    refetchOnMount: true,
    staleTime: 0,
    refetchInterval: enabled ? NEARBY.refreshMinutes * 60_000 : false,
  });
}
