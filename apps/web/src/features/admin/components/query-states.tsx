import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessDenied } from '@/app/guards/access-denied';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useErrorMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';
import { dateTimeFormat } from '@/lib/date-format';

/** Rows of grey shapes while a list or a card loads, with the loading state announced. */
export function LoadingRows({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <p className="sr-only" role="status">
        {label}
      </p>
      {Array.from({ length: rows }, (_, n) => `row-${n}`).map((key) => (
        <Skeleton key={key} className="h-14 rounded-lg" />
      ))}
    </div>
  );
}

/** A failed read: the translated reason and a retry. */
export function QueryFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  const errorMessage = useErrorMessage();
  return (
    <FormAlert>
      <p>{errorMessage(error)}</p>
      <Button variant="outline" className="self-start" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </FormAlert>
  );
}

/** Whether the server refused for want of a capability: the access-denied card, not an error. */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'forbidden';
}

/** The state of a read that may be refused by the server's capability check (spec §6). */
export function QueryState({
  query,
  loadingLabel,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loadingLabel: string;
  children: () => ReactNode;
}) {
  if (query.isPending) return <LoadingRows label={loadingLabel} />;
  if (query.isError) {
    if (isForbidden(query.error)) return <AccessDenied guard="admin" />;
    return <QueryFailed error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children()}</>;
}

/** A date and time in the reader's language. */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  return (iso) =>
    dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A titled card section of an admin screen. */
export function AdminSection({
  title,
  children,
  actions,
  testId,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <section data-testid={testId} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
