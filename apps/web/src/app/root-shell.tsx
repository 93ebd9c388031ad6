import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { StartupSkeleton } from '@/app/layout/page-skeleton';

/** The root route: the layouts render inside; scroll positions are restored on back/forward. */
export function RootShell() {
  return (
    <>
      <Suspense fallback={<StartupSkeleton />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
