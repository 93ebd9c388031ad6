import { lazy, Suspense } from 'react';
import { GamificationSkeleton } from '@/components/gamification/gamification-skeleton';
import { useServerRender } from '@/hooks/use-server-render';

// Its code arrives after the home screen's first paint: the budget of that first screen stays for
// the balances (UX.md, 200 KB).
const GamificationPanel = lazy(() =>
  import('@/features/dashboard/components/gamification-panel').then((m) => ({
    default: m.GamificationPanel,
  })),
);

/**
 * The place of the gamification panel (level, XP, achievements, daily challenges: spec §2, §3),
 * between the home screen's figures and its recent activity.
 */
export function GamificationSlot() {
  // The server's first paint of home holds the panel's place (its code is not there yet).
  if (useServerRender()) return <GamificationSkeleton />;
  return (
    <Suspense fallback={<GamificationSkeleton />}>
      <GamificationPanel />
    </Suspense>
  );
}
