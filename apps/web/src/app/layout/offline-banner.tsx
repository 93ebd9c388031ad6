import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '@/hooks/use-online-status';

/** UX.md: offline shows a banner. The status region exists always so the change is announced. */
export function OfflineBanner() {
  const { t } = useTranslation('common');
  const online = useOnlineStatus();
  return (
    <div role="status">
      {online ? null : (
        <p className="flex items-center justify-center gap-2 bg-secondary px-4 py-2 text-center text-sm text-secondary-foreground">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {t('offline')}
        </p>
      )}
    </div>
  );
}
