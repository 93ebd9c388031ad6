import { useQueryClient } from '@tanstack/react-query';
import type { Impersonation } from '@ztart/shared/contracts/admin';
import { Eye, LogOut } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useNow } from '@/hooks/use-now';
import { useEndImpersonation } from '@/lib/auth/impersonation';
import { reloadSession } from '@/lib/auth/session';

const MINUTE_MS = 60_000;

/**
 * Every screen, while an administrator views the app as someone: who, read-only, the time left,
 * and the way out (back to the audit log, where the session shows). When the time runs out the
 * server has ended it: the session is asked again.
 */
export function ImpersonationBanner({ impersonation }: { impersonation: Impersonation }) {
  const { t } = useTranslation('common');
  const labelId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const end = useEndImpersonation();
  const now = useNow(15_000);
  const leftMs = Date.parse(impersonation.expiresAt) - now;
  const minutesLeft = Math.max(0, Math.ceil(leftMs / MINUTE_MS));
  const name = impersonation.userName || impersonation.userEmail;

  useEffect(() => {
    if (leftMs > 0) return;
    void reloadSession(queryClient);
  }, [leftMs, queryClient]);

  return (
    <section
      data-testid="impersonation-banner"
      aria-labelledby={labelId}
      className="border-b border-sky-300/60 bg-sky-50 text-sky-950 dark:border-sky-400/30 dark:bg-sky-950/50 dark:text-sky-100"
    >
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-1.5 sm:px-6 lg:px-8">
        <Eye aria-hidden="true" className="size-4 shrink-0" />
        <p className="min-w-0 flex-1 text-sm">
          <strong id={labelId} className="font-semibold">
            {t('impersonation.viewingAs', { name })}
          </strong>{' '}
          <span data-testid="impersonation-time-left">
            {t('impersonation.timeLeft', { count: minutesLeft })}
          </span>
        </p>
        <Button
          variant="ghost"
          className="-mr-2 underline-offset-4 hover:underline"
          disabled={end.isPending}
          onClick={() => {
            // To the audit log first: the banner leaves with the impersonation, and its callbacks with it.
            void navigate('/admin?tab=system');
            end.mutate();
          }}
        >
          <LogOut aria-hidden="true" />
          {end.isPending ? t('impersonation.ending') : t('impersonation.end')}
        </Button>
      </div>
    </section>
  );
}
