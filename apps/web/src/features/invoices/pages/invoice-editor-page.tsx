import type { Invoice } from '@ztart/shared/contracts/invoices';
import { CURRENCIES, type Currency } from '@ztart/shared/money';
import { ArrowLeft, FilePen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast/toast-store';
import { useCreateInvoice, useInvoice, useUpdateInvoice } from '@/features/invoices/api/invoices';
import { InvoiceForm } from '@/features/invoices/components/invoice-form';
import { addDays } from '@/features/invoices/invoice-dates';
import { draftOf, emptyDraft } from '@/features/invoices/invoice-draft';
import { useErrorMessage } from '@/hooks/use-error-message';
import { localToday } from '@/lib/calendar-date';
import { cn } from '@/lib/cn';
import { useWallet } from '@/lib/wallet/get-wallet';
import { preferredCurrency } from '@/lib/wallet/wallet-figures';

/** A new invoice is due in two weeks unless the person says otherwise. */
const DEFAULT_DAYS_TO_PAY = 14;

/** The person's currencies (their wallet's), or every currency while the wallet is unknown. */
function useOwnCurrencies(): { currencies: readonly Currency[]; preferred: Currency | null; ready: boolean } {
  const wallet = useWallet();
  if (wallet.isPending) return { currencies: CURRENCIES, preferred: null, ready: false };
  if (!wallet.data) return { currencies: CURRENCIES, preferred: null, ready: true };
  const held = CURRENCIES.filter((currency) => wallet.data.balances.some((b) => b.currency === currency));
  return {
    currencies: held.length > 0 ? held : CURRENCIES,
    preferred: preferredCurrency(wallet.data),
    ready: true,
  };
}

function BackLink({ to }: { to: string }) {
  const { t } = useTranslation('invoices');
  return (
    <Link to={to} className={cn(buttonVariants({ variant: 'ghost' }), 'self-start')}>
      <ArrowLeft aria-hidden="true" />
      {t('actions.back')}
    </Link>
  );
}

function FormSkeleton() {
  const { t } = useTranslation('invoices');
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <p className="sr-only" role="status">
        {t('detail.loading')}
      </p>
      {[0, 1, 2, 3].map((n) => (
        <Skeleton key={n} className="h-16 rounded-lg" />
      ))}
    </div>
  );
}

/** `/invoices/new`: a new draft, which gets its number when it is saved. */
export function NewInvoicePage() {
  const { t } = useTranslation('invoices');
  const navigate = useNavigate();
  const create = useCreateInvoice();
  const { currencies, preferred, ready } = useOwnCurrencies();
  const today = localToday();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <BackLink to="/invoices" />
      <PageHeader icon={FilePen} title={t('form.createTitle')} />
      {ready ? (
        <InvoiceForm
          invoice={null}
          initial={emptyDraft(preferred ?? currencies[0] ?? 'USD', addDays(today, DEFAULT_DAYS_TO_PAY))}
          currencies={currencies}
          today={today}
          pending={create.isPending}
          failure={create.error}
          onCancel={() => navigate('/invoices')}
          onSubmit={({ request }) =>
            create.mutate(request, {
              onSuccess: (invoice) => {
                toast({ title: t('form.created'), variant: 'success' });
                navigate(`/invoices/${invoice.id}`);
              },
            })
          }
        />
      ) : (
        <FormSkeleton />
      )}
    </div>
  );
}

/** `/invoices/:id/edit`: a draft's fields; a sent invoice says it can no longer change. */
export function EditInvoicePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('invoices');
  const errorMessage = useErrorMessage();
  const query = useInvoice(id);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <BackLink to={`/invoices/${id}`} />
      <PageHeader
        icon={FilePen}
        title={query.data ? t('form.editTitle', { number: query.data.number }) : t('form.createTitle')}
      />
      {query.isPending ? (
        <FormSkeleton />
      ) : query.isError ? (
        <FormAlert>
          <p>{errorMessage(query.error)}</p>
          <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      ) : query.data.status !== 'draft' ? (
        <FormAlert>
          <p>{t('form.notEditable')}</p>
        </FormAlert>
      ) : (
        <EditForm invoice={query.data} />
      )}
    </div>
  );
}

function EditForm({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation('invoices');
  const navigate = useNavigate();
  const update = useUpdateInvoice();
  const { currencies, ready } = useOwnCurrencies();
  const [initial] = useState(() => draftOf(invoice, i18n.language));
  if (!ready) return <FormSkeleton />;
  const offered = currencies.includes(invoice.currency) ? currencies : [...currencies, invoice.currency];
  return (
    <InvoiceForm
      invoice={invoice}
      initial={initial}
      currencies={offered}
      today={localToday()}
      pending={update.isPending}
      failure={update.error}
      onCancel={() => navigate(`/invoices/${invoice.id}`)}
      onSubmit={({ request }) =>
        update.mutate(
          { id: invoice.id, changes: { ...request, notes: request.notes ?? null } },
          {
            onSuccess: () => {
              toast({ title: t('form.saved'), variant: 'success' });
              navigate(`/invoices/${invoice.id}`);
            },
          },
        )
      }
    />
  );
}
