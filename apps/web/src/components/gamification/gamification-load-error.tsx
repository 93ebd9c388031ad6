import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { useFailureMessage } from '@/hooks/use-error-message';

/**
 * Spec §8's "Gamification load error", or the more precise reason (offline, signed out...) when
 * there is one, with a retry.
 */
export function GamificationLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('gamification');
  const failureMessage = useFailureMessage();
  return (
    <FormAlert>
      <p data-testid="gamification-load-error">{failureMessage(error, 'gamification_load_failed')}</p>
      <Button variant="outline" className="self-start" onClick={onRetry}>
        {t('retry')}
      </Button>
    </FormAlert>
  );
}
