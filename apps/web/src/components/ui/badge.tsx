import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const VARIANTS = {
  neutral: 'bg-secondary text-secondary-foreground',
  brand: 'bg-brand-soft text-brand-soft-foreground',
} as const;

export function Badge({
  variant = 'neutral',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof VARIANTS }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
