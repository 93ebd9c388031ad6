import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast/toast-store';
import { useAuth } from '@/lib/auth/auth-context';

/** The success toast of a change; in the demo it also says that nothing was really saved. */
export function useSavedToast(): (title: string) => void {
  const { t } = useTranslation('transactions');
  const { demo } = useAuth();
  return useCallback(
    (title: string) =>
      toast({ title, description: demo ? t('demo.simulated') : undefined, variant: 'success' }),
    [demo, t],
  );
}
