import { CircleAlert, CircleCheck } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { cn } from '@/lib/cn';
import { logErrorShown } from '@/lib/user-actions';

/**
 * A message about a whole form: an error (role="alert", read at once) or a confirmation
 * (role="status", read politely).
 */
export function FormAlert({
  variant = 'error',
  children,
  className,
}: {
  variant?: 'error' | 'success';
  children: ReactNode;
  className?: string;
}) {
  const Icon = variant === 'error' ? CircleAlert : CircleCheck;
  // The meta dashboard counts the errors people see (spec §7, log_user_action).
  useEffect(() => {
    if (variant === 'error') logErrorShown('form_alert', `form:${window.location.pathname}`);
  }, [variant]);
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-3 rounded-lg border p-3 text-sm',
        variant === 'error'
          ? 'border-destructive/40 bg-destructive/5 text-foreground'
          : 'border-brand/40 bg-brand-soft text-brand-soft-foreground',
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('mt-0.5 size-4 shrink-0', variant === 'error' ? 'text-destructive' : 'text-brand')}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">{children}</div>
    </div>
  );
}
