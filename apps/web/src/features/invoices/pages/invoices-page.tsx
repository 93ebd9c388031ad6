import { INVOICE_STATUSES, type Invoice, type InvoiceStatus } from '@ztart/shared/contracts/invoices';
import { FileText, Plus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadMore } from '@/components/load-more';
import { Money } from '@/components/money/money';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useInvoices } from '@/features/invoices/api/invoices';
import { InvoiceStatusBadge } from '@/features/invoices/components/invoice-status-badge';
import { useErrorMessage } from '@/hooks/use-error-message';
import { formatCalendarDate } from '@/lib/calendar-date';
import { cn } from '@/lib/cn';

function statusOf(value: string | null): InvoiceStatus | null {
  return (INVOICE_STATUSES as readonly string[]).includes(value ?? '') ? (value as InvoiceStatus) : null;
}

/**
 * `/invoices`: what customers still owe the person per currency, their invoices newest first with
 * a filter by status (kept in `?status=`, so a link or the back button keeps it), and the way to
 * bill someone new.
 */
export function InvoicesPage() {
  const { t } = useTranslation('invoices');
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={FileText} title={t('title')} description={t('description')}>
        <Link to="/invoices/new" className={cn(buttonVariants(), 'self-start')}>
          <Plus aria-hidden="true" />
          {t('actions.create')}
        </Link>
      </PageHeader>
      <StatusFilter
        status={status}
        onChange={(next) => setParams(next ? { status: next } : {}, { replace: true })}
      />
      <InvoiceList status={status} />
    </div>
  );
}

function StatusFilter({
  status,
  onChange,
}: {
  status: InvoiceStatus | null;
  onChange: (status: InvoiceStatus | null) => void;
}) {
  const { t } = useTranslation('invoices');
  const choices: (InvoiceStatus | null)[] = [null, 'draft', 'sent', 'overdue', 'paid', 'void'];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">{t('filters.label')}</legend>
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => {
          const selected = choice === status;
          return (
            <li key={choice ?? 'all'}>
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onChange(choice)}
                className={cn(
                  'min-h-11 rounded-full border px-4 text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  selected ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
                )}
              >
                {choice ? t(`status.${choice}`) : t('filters.all')}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function InvoiceList({ status }: { status: InvoiceStatus | null }) {
  const { t } = useTranslation('invoices');
  const errorMessage = useErrorMessage();
  const query = useInvoices(status);
  const outstandingId = useId();

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <p className="sr-only" role="status">
          {t('list.loading')}
        </p>
        <Skeleton className="h-20 rounded-xl" />
        {[0, 1, 2].map((n) => (
          <div key={n} className="flex items-center gap-3 rounded-xl border p-4">
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-1/3" />
              <Skeleton className="h-4 w-1/2" />
            </div>
            <Skeleton className="h-6 w-20" />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <FormAlert>
        <p>{errorMessage(query.error)}</p>
        <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
          {t('actions.retry')}
        </Button>
      </FormAlert>
    );
  }
  const pages = query.data.pages;
  const items = pages.flatMap((page) => page.items);
  const outstanding = pages[0]?.outstanding ?? [];
  if (items.length === 0 && status === null) {
    return (
      <div
        data-testid="invoices-empty"
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center"
      >
        <FileText aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="text-lg font-semibold">{t('list.emptyTitle')}</h2>
        <p className="max-w-md text-muted-foreground">{t('list.emptyBody')}</p>
        <Link to="/invoices/new" className={buttonVariants()}>
          <Plus aria-hidden="true" />
          {t('list.emptyAction')}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <section
        aria-labelledby={outstandingId}
        data-testid="invoice-outstanding"
        className="rounded-xl border bg-muted/30 p-4"
      >
        <h2 id={outstandingId} className="text-sm font-medium text-muted-foreground">
          {t('list.outstanding')}
        </h2>
        {outstanding.length === 0 ? (
          <p className="text-lg font-semibold">{t('list.nothingOutstanding')}</p>
        ) : (
          <ul className="flex flex-wrap gap-x-6 gap-y-1">
            {outstanding.map((total) => (
              <li key={total.currency} className="text-2xl font-semibold tabular-nums">
                <Money amountMinor={total.outstandingMinor} currency={total.currency} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">
          {t('list.emptyFiltered')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((invoice) => (
            <li key={invoice.id}>
              <InvoiceRow invoice={invoice} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        query={query}
        labels={{
          loadMore: t('actions.loadMore'),
          loadingMore: t('list.loadingMore'),
          retry: t('actions.retry'),
          end: items.length > 0 && pages.length > 1 ? t('list.end') : null,
        }}
      />
    </div>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation('invoices');
  return (
    <Link
      to={`/invoices/${invoice.id}`}
      data-testid="invoice-row"
      className={cn(
        'flex items-center gap-3 rounded-xl border bg-card p-4 transition-colors hover:bg-accent',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
      )}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold tabular-nums">{invoice.number}</span>
          <InvoiceStatusBadge status={invoice.status} />
        </p>
        <p className="truncate text-sm text-muted-foreground">
          {invoice.customerName} ·{' '}
          {t('list.due', { date: formatCalendarDate(invoice.dueDate, i18n.language) })}
        </p>
      </div>
      <Money amountMinor={invoice.totalMinor} currency={invoice.currency} className="font-semibold" />
    </Link>
  );
}
