import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast/toast-store';

/** Copies text and says so in a toast; "Could not copy link" (spec §8) when the browser refuses. */
export function useCopy(): (text: string, doneMessage: string) => Promise<void> {
  const { t } = useTranslation('errors');
  return async (text, doneMessage) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: doneMessage, variant: 'success' });
    } catch {
      toast({ title: t('copy_link_failed'), variant: 'destructive' });
    }
  };
}
