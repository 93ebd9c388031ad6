import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

/** Spec §2, guarded routes: the spinner with its text while the authentication state loads. */
export function GuardLoading() {
  const { t } = useTranslation('guard');
  return (
    <div
      role="status"
      data-testid="guard-loading"
      className="flex min-h-64 flex-col items-center justify-center gap-3 text-muted-foreground"
    >
      <Spinner className="size-8" />
      <p className="text-sm">{t('loading')}</p>
    </div>
  );
}
