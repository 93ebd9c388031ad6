import type { Invoice } from '@ztart/shared/contracts/invoices';
import { ArrowLeft, Ban, Copy, Download, FileText, Pencil, Send, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDestructive } from '@/components/confirm-destructive';
import { useFormatMoney } from '@/components/money/money';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast/toast-store';
import { invoicePdfUrl, useInvoice, useSendInvoice, useVoidInvoice } from '@/features/invoices/api/invoices';
import { InvoiceLinesTable } from '@/features/invoices/components/invoice-lines-table';
import { InvoiceStatusBadge } from '@/features/invoices/components/invoice-status-badge';
import { InvoiceTotalsList } from '@/features/invoices/components/invoice-totals';
import { useErrorMessage } from '@/hooks/use-error-message';
import { formatCalendarDate } from '@/lib/calendar-date';
import { cn } from '@/lib/cn';

/** `/invoices/:id`: the invoice as the customer sees it, and what can be done with it now. */
export function InvoiceDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('invoices');
  const errorMessage = useErrorMessage();
  const query = useInvoice(id);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <Link to="/invoices" className={cn(buttonVariants({ variant: 'ghost' }), 'self-start')}>
        <ArrowLeft aria-hidden="true" />
        {t('actions.back')}
      </Link>
      {query.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <p className="sr-only" role="status">
            {t('detail.loading')}
          </p>
          <Skeleton className="h-9 w-1/2" />
          <Skeleton className="h-24 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      ) : query.isError ? (
        <>
          <PageHeader icon={FileText} title={t('title')} />
          <FormAlert>
            <p>{errorMessage(query.error)}</p>
            <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
              {t('actions.retry')}
            </Button>
          </FormAlert>
        </>
      ) : (
        <InvoiceDetail invoice={query.data} />
      )}
    </div>
  );
}

type Confirming = 'send' | 'void' | null;

function InvoiceDetail({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation('invoices');
  const [confirming, setConfirming] = useState<Confirming>(null);
  const format = useFormatMoney();
  const date = (value: string) => formatCalendarDate(value, i18n.language);
  const voidable = invoice.status === 'draft' || invoice.status === 'sent' || invoice.status === 'overdue';
  return (
    <>
      <PageHeader icon={FileText} title={invoice.number}>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <InvoiceStatusBadge status={invoice.status} />
          <span>{t('detail.issued', { date: date(invoice.issueDate) })}</span>
          <span aria-hidden="true">·</span>
          <span>{t('detail.due', { date: date(invoice.dueDate) })}</span>
        </div>
      </PageHeader>

      <div className="flex flex-wrap gap-2" data-testid="invoice-actions">
        {invoice.status === 'draft' ? (
          <>
            <Button onClick={() => setConfirming('send')}>
              <Send aria-hidden="true" />
              {t('actions.send')}
            </Button>
            <Link to={`/invoices/${invoice.id}/edit`} className={buttonVariants({ variant: 'outline' })}>
              <Pencil aria-hidden="true" />
              {t('actions.edit')}
            </Link>
          </>
        ) : null}
        <a href={invoicePdfUrl(invoice.id)} download className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden="true" />
          {t('actions.downloadPdf')}
        </a>
        {voidable ? (
          <Button variant="ghost" onClick={() => setConfirming('void')}>
            <Ban aria-hidden="true" />
            {t('actions.void')}
          </Button>
        ) : null}
      </div>

      {invoice.payUrl && (invoice.status === 'sent' || invoice.status === 'overdue') ? (
        <PayLink invoice={invoice} url={invoice.payUrl} />
      ) : null}

      <section className="flex flex-col gap-1 rounded-xl border p-4">
        <h2 className="text-sm font-medium text-muted-foreground">{t('detail.billedTo')}</h2>
        <p className="font-semibold">{invoice.customerName}</p>
        <p className="text-sm break-all text-muted-foreground">{invoice.customerEmail}</p>
        {invoice.payment?.settledAt ? (
          <p className="mt-2 text-sm">
            {t('detail.paidOn', { date: date(invoice.payment.settledAt.slice(0, 10)) })}
          </p>
        ) : invoice.payment?.status === 'pending' ? (
          <p
            className="mt-2 text-sm text-amber-800 dark:text-amber-200"
            data-testid="invoice-payment-pending"
          >
            {t('detail.paymentPending', {
              amount: format(invoice.payment.amountMinor, invoice.payment.currency),
            })}
          </p>
        ) : null}
      </section>

      <InvoiceLines invoice={invoice} />

      {invoice.notes ? (
        <section className="flex flex-col gap-1">
          <h2 className="text-sm font-medium text-muted-foreground">{t('detail.notes')}</h2>
          <p className="whitespace-pre-line">{invoice.notes}</p>
        </section>
      ) : null}

      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={
          confirming === 'send'
            ? t('send.title', { number: invoice.number })
            : confirming === 'void'
              ? t('void.title', { number: invoice.number })
              : ''
        }
        closeLabel={t('actions.close')}
        className="max-w-md"
      >
        {confirming === 'send' ? <ConfirmSend invoice={invoice} onDone={() => setConfirming(null)} /> : null}
        {confirming === 'void' ? <ConfirmVoid invoice={invoice} onDone={() => setConfirming(null)} /> : null}
      </Dialog>
    </>
  );
}

function InvoiceLines({ invoice }: { invoice: Invoice }) {
  return (
    <section className="flex flex-col gap-4 rounded-xl border p-4">
      <InvoiceLinesTable lines={invoice.lines} currency={invoice.currency} />
      <InvoiceTotalsList
        totals={invoice}
        currency={invoice.currency}
        taxRateBasisPoints={invoice.taxRateBasisPoints}
      />
    </section>
  );
}

function PayLink({ invoice, url }: { invoice: Invoice; url: string }) {
  const { t } = useTranslation('invoices');
  const format = useFormatMoney();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('detail.linkCopied'), variant: 'success' });
    } catch {
      toast({ title: t('detail.copyFailed'), variant: 'destructive' });
    }
  };
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <section className="flex flex-col gap-2 rounded-xl border bg-muted/30 p-4" data-testid="pay-link">
      <h2 className="text-sm font-medium">{t('detail.payLink')}</h2>
      <p className="text-sm text-muted-foreground">{t('detail.payLinkHint')}</p>
      <p
        data-testid="pay-url"
        className="rounded-lg bg-card px-3 py-2 font-mono text-sm break-all select-all"
      >
        {url}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t('actions.copyLink')}
        </Button>
        {canShare ? (
          <Button
            variant="outline"
            onClick={() =>
              void navigator
                .share({
                  title: t('pay.title', { number: invoice.number }),
                  text: `${invoice.number} · ${format(invoice.totalMinor, invoice.currency)}`,
                  url,
                })
                .catch(() => undefined)
            }
          >
            <Share2 aria-hidden="true" />
            {t('actions.share')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

function ConfirmSend({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const { t } = useTranslation('invoices');
  const format = useFormatMoney();
  const errorMessage = useErrorMessage();
  const send = useSendInvoice();
  return (
    <div className="flex flex-col gap-4">
      <p>
        {t('send.body', {
          email: invoice.customerEmail,
          total: format(invoice.totalMinor, invoice.currency),
        })}
      </p>
      {send.isError ? (
        <FormAlert>
          <p>{errorMessage(send.error)}</p>
        </FormAlert>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button
          size="lg"
          className="sm:flex-1"
          disabled={send.isPending}
          onClick={() =>
            send.mutate(invoice.id, {
              onSuccess: () => {
                toast({ title: t('send.sent', { email: invoice.customerEmail }), variant: 'success' });
                onDone();
              },
            })
          }
        >
          {send.isPending ? t('send.sending') : t('send.confirm')}
        </Button>
        <Button variant="ghost" size="lg" onClick={onDone} disabled={send.isPending}>
          {t('actions.cancel')}
        </Button>
      </div>
    </div>
  );
}

function ConfirmVoid({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const { t } = useTranslation('invoices');
  const errorMessage = useErrorMessage();
  const voiding = useVoidInvoice();
  return (
    <ConfirmDestructive
      problem={
        voiding.isError ? (
          <FormAlert>
            <p>{errorMessage(voiding.error)}</p>
          </FormAlert>
        ) : null
      }
      confirmLabel={voiding.isPending ? t('void.voiding') : t('void.confirm')}
      cancelLabel={t('actions.cancel')}
      pending={voiding.isPending}
      onConfirm={() =>
        voiding.mutate(invoice.id, {
          onSuccess: () => {
            toast({ title: t('void.voided'), variant: 'success' });
            onDone();
          },
        })
      }
      onCancel={onDone}
    >
      {t('void.body')}
    </ConfirmDestructive>
  );
}
