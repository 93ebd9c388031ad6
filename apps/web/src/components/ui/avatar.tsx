import { cn } from '@/lib/cn';

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : [parts[0]];
  return letters
    .map((part) => part?.[0] ?? '')
    .join('')
    .toUpperCase();
}

/**
 * A person's photo, or their initials on the brand tint. Decorative: the name is always
 * written next to it (or given by the control that holds it).
 */
export function Avatar({ name, src, className }: { name: string; src?: string | null; className?: string }) {
  return src ? (
    <img
      src={src}
      alt=""
      className={cn('size-10 shrink-0 rounded-full bg-brand-soft object-cover', className)}
    />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-sm font-semibold text-brand-soft-foreground',
        className,
      )}
    >
      {initialsOf(name) || '?'}
    </span>
  );
}
