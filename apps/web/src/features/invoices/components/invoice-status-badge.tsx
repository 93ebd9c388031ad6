import type { InvoiceStatus } from '@ztart/shared/contracts/invoices';
import { Ban, CircleCheck, Clock, FilePen, type LucideIcon, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const STATUS_LOOK: Record<InvoiceStatus, { icon: LucideIcon; className: string }> = {
  draft: { icon: FilePen, className: 'bg-secondary text-secondary-foreground' },
  sent: { icon: Send, className: 'bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200' },
  overdue: { icon: Clock, className: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200' },
  paid: { icon: CircleCheck, className: 'bg-brand-soft text-brand-soft-foreground' },
  void: { icon: Ban, className: 'bg-secondary text-secondary-foreground line-through' },
};

/** An invoice's status in words and an icon (never by colour alone), explained on hover. */
export function InvoiceStatusBadge({ status, className }: { status: InvoiceStatus; className?: string }) {
  const { t } = useTranslation('invoices');
  const { icon: Icon, className: tone } = STATUS_LOOK[status];
  return (
    <span
      data-testid="invoice-status"
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
