import { Skeleton } from '@/components/ui/skeleton';

/** The loading shape of one row of a money list: an icon, two lines of text and an amount. */
export function ListRowSkeleton() {
  return (
    <div aria-hidden="true" className="flex items-center gap-3">
      <Skeleton className="size-10 rounded-full" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-4 w-3/5" />
        <Skeleton className="h-3 w-2/5" />
      </div>
      <Skeleton className="h-4 w-16" />
    </div>
  );
}
