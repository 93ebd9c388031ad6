import { useQuery } from '@tanstack/react-query';
import { metaOverviewSchema } from '@ztart/shared/contracts/admin';
import { api } from '@/lib/api-client';

export interface MetaPeriod {
  from: string;
  to: string;
}

/** `GET /api/meta/overview?from=&to=` → the figures the person's access level allows. */
export function useMetaOverview(period: MetaPeriod | null) {
  return useQuery({
    queryKey: ['meta-dashboard', 'overview', period?.from ?? null, period?.to ?? null],
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const query = period ? `?${new URLSearchParams({ from: period.from, to: period.to })}` : '';
      return metaOverviewSchema.parse(await api.get<unknown>(`/api/meta/overview${query}`, { signal }));
    },
  });
}
