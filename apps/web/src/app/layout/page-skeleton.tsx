import { Skeleton } from '@/components/ui/skeleton';

/**
 * What shows while a screen's code or translations load: shapes only, no text (nothing here
 * could be translated before the catalogues arrive).
 */
export function PageSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-6">
      <div className="flex items-start gap-3">
        <Skeleton className="size-10 rounded-xl" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-8 w-48 max-w-full" />
          <Skeleton className="h-4 w-80 max-w-full" />
        </div>
      </div>
      <Skeleton className="h-28 w-full rounded-xl" />
    </div>
  );
}

/** The whole page while the app starts: a header bar and a screen's shapes. */
export function StartupSkeleton() {
  return (
    <div aria-hidden="true" className="min-h-dvh">
      <div className="h-16 border-b" />
      <div className="mx-auto max-w-5xl px-4 pt-6 sm:px-6 lg:px-8 lg:pt-8">
        <PageSkeleton />
      </div>
    </div>
  );
}
