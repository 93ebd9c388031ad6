import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from '@/app/layout/app-header';
import { DemoBannerSlot } from '@/app/layout/demo-banner-slot';
import { OfflineBanner } from '@/app/layout/offline-banner';
import { PageSkeleton } from '@/app/layout/page-skeleton';
import { MAIN_CONTENT_ID, SkipLink } from '@/app/layout/skip-link';

/** The light frame of the public pages (/auth, /quick-tip): no app navigation, one column. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <AppHeader />
      <DemoBannerSlot />
      <OfflineBanner />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-lg flex-1 px-4 pt-8 pb-12 outline-none sm:pt-12"
      >
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
