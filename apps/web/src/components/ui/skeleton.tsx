import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** A placeholder block shaped like the content that is loading. Hidden from assistive technology. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn('rounded-md bg-muted motion-safe:animate-pulse', className)}
      {...props}
    />
  );
}
