import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A decorative spinning icon; the caller supplies the accessible text next to it. */
export function Spinner({ className }: { className?: string }) {
  return (
    <LoaderCircle aria-hidden="true" className={cn('size-6 animate-spin text-muted-foreground', className)} />
  );
}
