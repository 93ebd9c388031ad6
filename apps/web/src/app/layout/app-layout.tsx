import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from '@/app/layout/app-header';
import { BottomNav } from '@/app/layout/bottom-nav';
import { DemoBannerSlot } from '@/app/layout/demo-banner-slot';
import { ImpersonationBannerSlot } from '@/app/layout/impersonation-banner-slot';
import { OfflineBanner } from '@/app/layout/offline-banner';
import { PageSkeleton } from '@/app/layout/page-skeleton';
import { Sidebar } from '@/app/layout/sidebar';
import { MAIN_CONTENT_ID, SkipLink } from '@/app/layout/skip-link';
import { CelebrationHost } from '@/components/gamification/celebration-host';
import { LiveEvents } from '@/lib/live-events';
import { UserActionLog } from '@/lib/user-action-log';

/** The signed-in app's frame: sidebar on desktop, bottom bar and More sheet on phones. */
export function AppLayout() {
  return (
    <div className="flex min-h-dvh">
      <SkipLink />
      <LiveEvents />
      <UserActionLog />
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader withSidebar />
        <ImpersonationBannerSlot />
        <DemoBannerSlot />
        <OfflineBanner />
        <CelebrationHost />
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="mx-auto w-full max-w-5xl flex-1 px-4 pt-6 pb-28 outline-none sm:px-6 lg:px-8 lg:pt-8 lg:pb-12"
        >
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <BottomNav />
    </div>
  );
}
