import { lazy, Suspense } from 'react';
import { useAuth } from '@/lib/auth/auth-context';

// Only an administrator viewing as someone sees the banner, so only they download it.
const ImpersonationBanner = lazy(() =>
  import('@/app/layout/impersonation-banner').then((m) => ({ default: m.ImpersonationBanner })),
);

/** Where the "viewing as" banner shows on every screen while an administrator impersonates someone. */
export function ImpersonationBannerSlot() {
  const auth = useAuth();
  if (auth.status !== 'signedIn' || !auth.impersonation) return null;
  return (
    <Suspense fallback={null}>
      <ImpersonationBanner impersonation={auth.impersonation} />
    </Suspense>
  );
}
