import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { useErrorMessage } from '@/hooks/use-error-message';

/** The server could not say whether the person may enter: its reason, and a retry. */
export function GuardFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('guard');
  const errorMessage = useErrorMessage();
  return (
    <div className="flex justify-center py-8" data-testid="guard-failed">
      <FormAlert className="w-full max-w-md">
        <p>{errorMessage(error)}</p>
        <Button variant="outline" className="self-start" onClick={onRetry}>
          {t('retry')}
        </Button>
      </FormAlert>
    </div>
  );
}
