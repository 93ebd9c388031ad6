import { ChevronDown, type LucideIcon } from 'lucide-react';
import { type SelectHTMLAttributes, useId } from 'react';
import { cn } from '@/lib/cn';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** The accessible name; shown above the control unless `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  icon?: LucideIcon;
  /** Hide the icon on narrow screens to save room (header controls on a 360 px phone). */
  iconFromSm?: boolean;
}

/** A styled native select: the platform's own picker, keyboard and screen-reader support. */
export function Select({
  label,
  hideLabel = false,
  icon: Icon,
  iconFromSm = false,
  className,
  id,
  children,
  ...props
}: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={selectId} className={hideLabel ? 'sr-only' : 'text-sm font-medium'}>
        {label}
      </label>
      <div className="relative">
        {Icon ? (
          <Icon
            aria-hidden="true"
            className={cn(
              'pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground',
              iconFromSm && 'hidden sm:block',
            )}
          />
        ) : null}
        <select
          id={selectId}
          className={cn(
            'h-11 w-full cursor-pointer appearance-none rounded-lg border border-input bg-card pr-7 text-sm text-foreground shadow-xs',
            'transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            Icon ? (iconFromSm ? 'pl-3 sm:pl-9' : 'pl-9') : 'pl-3',
          )}
          {...props}
        >
          {children}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
    </div>
  );
}
