import { Ban, CircleCheck, CircleX, Clock, type LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** The statuses money shows (transactions; tips can also be cancelled), one look each across the app. */
export type MoneyStatus = 'pending' | 'completed' | 'failed' | 'cancelled';

const STATUS_STYLES: Record<MoneyStatus, { icon: LucideIcon; className: string }> = {
  pending: { icon: Clock, className: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200' },
  completed: { icon: CircleCheck, className: 'bg-brand-soft text-brand-soft-foreground' },
  failed: { icon: CircleX, className: 'bg-destructive/10 text-destructive' },
  cancelled: { icon: Ban, className: 'bg-secondary text-secondary-foreground' },
};

/** A status in words and an icon (never by colour alone); `hint` explains it on hover. */
export function StatusPill({
  status,
  label,
  hint,
  className,
  ...props
}: { status: MoneyStatus; label: string; hint: string } & Omit<ComponentProps<'span'>, 'title'>) {
  const { icon: Icon, className: tone } = STATUS_STYLES[status];
  return (
    <span
      title={hint}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        tone,
        className,
      )}
      {...props}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}
