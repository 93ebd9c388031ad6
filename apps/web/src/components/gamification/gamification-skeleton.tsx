import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** The loading shape of a level with its XP bar and three challenges. */
export function GamificationSkeleton() {
  return (
    <Card aria-hidden="true" className="flex flex-col gap-4 p-5 sm:p-6" data-testid="gamification-loading">
      <div className="flex items-center gap-3">
        <Skeleton className="size-11 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-3 w-20" />
        </div>
      </div>
      <Skeleton className="h-3 w-full rounded-full" />
      {Array.from({ length: 3 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, their position is their key
        <Skeleton key={index} className="h-12 w-full rounded-lg" />
      ))}
    </Card>
  );
}
