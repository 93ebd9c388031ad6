import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { StartupSkeleton } from '@/app/layout/page-skeleton';
import { runAfterNavigationTasks } from '@/lib/after-navigation';

/** The root route: the layouts render inside; scroll positions are restored on back/forward. */
export function RootShell() {
  const { key } = useLocation();

  // Sign-outs and demo exits that waited for the next screen happen now that it shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each navigation.
  useEffect(() => {
    runAfterNavigationTasks();
  }, [key]);

  return (
    <>
      <Suspense fallback={<StartupSkeleton />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
