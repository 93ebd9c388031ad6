import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * One option of a radio group, drawn as a big button: a real radio inside, so arrow keys move
 * between the options and screen readers say "1 of 5, selected".
 */
export function ChoiceTile({
  name,
  value,
  checked,
  onSelect,
  children,
  className,
  describedBy,
  testId,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
  className?: string;
  describedBy?: string;
  testId?: string;
}) {
  return (
    <label
      data-testid={testId}
      className={cn(
        'relative flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-lg border border-input bg-card px-3 py-2 text-center font-medium transition-colors',
        'hover:bg-accent has-checked:border-brand has-checked:bg-brand-soft has-checked:text-brand-soft-foreground',
        'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
        className,
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onSelect}
        aria-describedby={describedBy}
        // Invisible but covering the tile: a tap anywhere on it is a tap on the radio itself.
        className="absolute inset-0 size-full cursor-pointer appearance-none rounded-lg opacity-0"
      />
      {children}
    </label>
  );
}
