import type { TipStatus } from '@ztart/shared/contracts/qr-codes';
import { Ban, CircleCheck, CircleX, Clock, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const STATUS_STYLES: Record<TipStatus, { icon: LucideIcon; className: string }> = {
  pending: { icon: Clock, className: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200' },
  completed: { icon: CircleCheck, className: 'bg-brand-soft text-brand-soft-foreground' },
  failed: { icon: CircleX, className: 'bg-destructive/10 text-destructive' },
  cancelled: { icon: Ban, className: 'bg-secondary text-secondary-foreground' },
};

/** A tip's status in words and an icon (never by colour alone); the title explains it on hover. */
export function TipStatusBadge({ status, className }: { status: TipStatus; className?: string }) {
  const { t } = useTranslation('tips');
  const { icon: Icon, className: tone } = STATUS_STYLES[status];
  return (
    <span
      data-testid="tip-status"
      title={t(`statusHint.${status}`)}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        tone,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {t(`status.${status}`)}
    </span>
  );
}
