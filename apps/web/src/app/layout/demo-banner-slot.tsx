import { lazy, Suspense } from 'react';
import { useAuth } from '@/lib/auth/auth-context';

// Only demo users see the banner, so only they download it.
const DemoBanner = lazy(() => import('@/app/layout/demo-banner').then((m) => ({ default: m.DemoBanner })));

/** Where the demo banner shows on every screen while demo mode is on. */
export function DemoBannerSlot() {
  const auth = useAuth();
  if (!auth.demo) return null;
  return (
    <Suspense fallback={null}>
      <DemoBanner />
    </Suspense>
  );
}
