import { useEffect } from 'react';
import { toastStore } from '@/components/ui/toast/toast-store';
import { onMoneyMoved } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { APP_ACTIONS, logErrorShown, logUserAction, setUserActionLogging } from '@/lib/user-actions';

/**
 * While a real person is signed in (not the demo, not an administrator viewing as someone):
 * every accepted money movement and every error toast goes to the audit log for the meta
 * dashboard. Mounted once, in the app layout.
 */
export function UserActionLog(): null {
  const auth = useAuth();
  const impersonated = auth.status === 'signedIn' && Boolean(auth.impersonation);
  const active = auth.status === 'signedIn' && !auth.demo && !impersonated;
  useEffect(() => {
    setUserActionLogging(!impersonated);
  }, [impersonated]);
  useEffect(() => {
    if (!active) return;
    const stopMoney = onMoneyMoved((path) => logUserAction(APP_ACTIONS.moneyMoved, path.split('?')[0]));
    const seen = new Set(toastStore.getSnapshot().map((shown) => shown.id));
    const stopToasts = toastStore.subscribe(() => {
      for (const shown of toastStore.getSnapshot()) {
        if (seen.has(shown.id)) continue;
        seen.add(shown.id);
        if (shown.variant === 'destructive') logErrorShown(shown.title, `toast:${window.location.pathname}`);
      }
    });
    return () => {
      stopMoney();
      stopToasts();
    };
  }, [active]);
  return null;
}
