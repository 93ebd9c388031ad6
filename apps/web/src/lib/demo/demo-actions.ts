import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast/toast-store';
import { isDemoMode, setDemoMode } from '@/lib/demo/demo-mode';

/**
 * Entering and leaving demo mode, with the toasts of spec §8. The session follows the flag
 * (see AuthProvider): entering puts the demo user in it, leaving asks the server again.
 */
export function useDemoActions() {
  const { i18n } = useTranslation();

  /** `overAccount`: a signed-in person tries the demo; their account comes back when it ends. */
  const enterDemo = useCallback(
    async ({ overAccount = false }: { overAccount?: boolean } = {}) => {
      if (isDemoMode()) return;
      setDemoMode(true, { overAccount });
      await i18n.loadNamespaces('account');
      toast({
        title: i18n.t('account:toasts.demoMode'),
        description: i18n.t('account:toasts.demoModeDescription'),
        variant: 'success',
      });
    },
    [i18n],
  );

  const exitDemo = useCallback(async () => {
    if (!isDemoMode()) return;
    setDemoMode(false);
    await i18n.loadNamespaces('account');
    toast({
      title: i18n.t('account:toasts.exitDemo'),
      description: i18n.t('account:toasts.exitDemoDescription'),
    });
  }, [i18n]);

  return { enterDemo, exitDemo };
}
