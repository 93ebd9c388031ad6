import { useQuery } from '@tanstack/react-query';
import { tipListResponseSchema } from '@ztart/shared/contracts/qr-codes';
import { profileKeys } from '@/features/profiles/api/profile-keys';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

/**
 * How many tips the person received in the last 30 days (completed and pending, every currency),
 * from the totals `GET /api/tips/received` carries with any page.
 */
export function useTipsReceivedCount() {
  return useQuery<number>({
    queryKey: profileKeys.tipsReceived(),
    queryFn: async ({ signal }) => {
      if (isDemoMode()) return 0;
      const page = tipListResponseSchema.parse(
        await api.get<unknown>('/api/tips/received?limit=1', { signal }),
      );
      return page.totals
        .filter((total) => total.period === 'last30d')
        .reduce((sum, total) => sum + total.count, 0);
    },
  });
}
