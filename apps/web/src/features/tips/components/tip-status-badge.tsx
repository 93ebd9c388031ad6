import type { TipStatus } from '@ztart/shared/contracts/qr-codes';
import { useTranslation } from 'react-i18next';
import { StatusPill } from '@/components/status-pill';

/** A tip's status (pending, completed, failed, cancelled). */
export function TipStatusBadge({ status, className }: { status: TipStatus; className?: string }) {
  const { t } = useTranslation('tips');
  return (
    <StatusPill
      data-testid="tip-status"
      status={status}
      label={t(`status.${status}`)}
      hint={t(`statusHint.${status}`)}
      className={className}
    />
  );
}
