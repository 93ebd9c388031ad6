import {
  type CardDraft,
  type CardField,
  type CardProblem,
  cardRequestOf,
  checkCard,
  checkCardField,
  EMPTY_CARD,
} from '@ztart/shared/card-draft';
import {
  INVOICE_CODE_PATTERN,
  type InvoicePaymentRequestInput,
  type OpenPublicInvoice,
} from '@ztart/shared/contracts/invoices';
import { Ban, CircleCheck, Clock, CreditCard, FileText, SearchX, Wallet } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { Money, useFormatMoney } from '@/components/money/money';
import { MoneyPinStep } from '@/components/money-flow/pin-step';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast/toast-store';
import { usePayInvoice, usePublicInvoice } from '@/features/invoices/api/public-invoice';
import { CardFields } from '@/features/invoices/components/card-fields';
import { InvoiceLinesTable } from '@/features/invoices/components/invoice-lines-table';
import { InvoiceStatusBadge } from '@/features/invoices/components/invoice-status-badge';
import { InvoiceTotalsList } from '@/features/invoices/components/invoice-totals';
import { errorCodeOf, useErrorMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { formatCalendarDate } from '@/lib/calendar-date';
import { cn } from '@/lib/cn';
import { useWallet } from '@/lib/wallet/get-wallet';
import { availableIn } from '@/lib/wallet/wallet-figures';

/**
 * `/i/:code`: the pay link of an invoice, open to anyone who has it. Who sent it, its lines and
 * total, and — while it can be paid — a card form (no account needed) or, for someone signed in,
 * their wallet. A card payment shows as pending until the processor settles it, then as paid.
 */
export function PublicInvoicePage() {
  const { code = '' } = useParams();
  if (!INVOICE_CODE_PATTERN.test(code)) return <NotFound />;
  return <PublicInvoiceScreen code={code} />;
}

function NotFound() {
  const { t } = useTranslation('invoices');
  return (
    <div className="flex flex-col gap-6" data-testid="invoice-not-found">
      <PageHeader icon={SearchX} title={t('pay.notFoundTitle')} description={t('pay.notFoundBody')} />
    </div>
  );
}

function PublicInvoiceScreen({ code }: { code: string }) {
  const { t, i18n } = useTranslation('invoices');
  const errorMessage = useErrorMessage();
  const query = usePublicInvoice(code);
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <p className="sr-only" role="status">
          {t('pay.loading')}
        </p>
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="h-40 rounded-xl" />
      </div>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
    return (
      <div className="flex flex-col gap-6">
        <PageHeader icon={FileText} title={t('title')} />
        <FormAlert>
          <p>{errorMessage(query.error)}</p>
          <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      </div>
    );
  }
  const invoice = query.data;
  const header = (
    <PageHeader
      icon={FileText}
      title={t('pay.title', { number: invoice.number })}
      description={t('pay.from', { name: invoice.issuer.displayName })}
    />
  );
  // A void invoice shows only that it is void: its lines and amounts are no one's business now.
  if (invoice.status === 'void') {
    return (
      <div className="flex flex-col gap-6">
        {header}
        <VoidState />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {header}
      <section
        data-testid="amount-due"
        className="flex flex-wrap items-end justify-between gap-3 rounded-xl border bg-muted/30 p-4"
      >
        <div className="flex flex-col gap-1">
          <h2 className="text-sm font-medium text-muted-foreground">{t('pay.amountDue')}</h2>
          <Money
            amountMinor={invoice.totalMinor}
            currency={invoice.currency}
            className="text-3xl font-semibold"
          />
          <p className="text-sm text-muted-foreground">
            {t('pay.due', { date: formatCalendarDate(invoice.dueDate, i18n.language) })}
          </p>
        </div>
        <InvoiceStatusBadge status={invoice.status} />
      </section>
      <PaymentArea code={code} invoice={invoice} />
      <section className="flex flex-col gap-4 rounded-xl border p-4">
        <InvoiceLinesTable lines={invoice.lines} currency={invoice.currency} />
        <InvoiceTotalsList
          totals={invoice}
          currency={invoice.currency}
          taxRateBasisPoints={invoice.taxRateBasisPoints}
        />
      </section>
      {invoice.notes ? (
        <section className="flex flex-col gap-1">
          <h2 className="text-sm font-medium text-muted-foreground">{t('detail.notes')}</h2>
          <p className="whitespace-pre-line">{invoice.notes}</p>
        </section>
      ) : null}
    </div>
  );
}

/** Where the invoice stands for the payer: paid (or on its way), cancelled, or the ways to pay. */
function PaymentArea({ code, invoice }: { code: string; invoice: OpenPublicInvoice }) {
  const { t } = useTranslation('invoices');
  const format = useFormatMoney();
  if (invoice.status === 'paid' && invoice.paymentStatus === 'pending') {
    return (
      <div
        role="status"
        data-testid="invoice-payment-pending"
        className="flex items-center gap-3 rounded-xl border p-4"
      >
        <Clock aria-hidden="true" className="size-6 shrink-0 text-muted-foreground" />
        <p>{t('pay.pending')}</p>
      </div>
    );
  }
  if (invoice.status === 'paid') {
    return (
      <div
        role="status"
        data-testid="invoice-paid"
        className="flex items-start gap-3 rounded-xl border border-brand/40 bg-brand-soft p-4 text-brand-soft-foreground"
      >
        <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
        <div className="flex flex-col gap-1">
          <p className="font-semibold">{t('pay.paidState')}</p>
          <p>
            {t('pay.paidBody', {
              total: format(invoice.totalMinor, invoice.currency),
              name: invoice.issuer.displayName,
              number: invoice.number,
            })}
          </p>
        </div>
      </div>
    );
  }
  if (!invoice.payable) return <VoidState />;
  return <PayForm code={code} invoice={invoice} />;
}

function VoidState() {
  const { t } = useTranslation('invoices');
  return (
    <div data-testid="invoice-void" className="flex items-start gap-3 rounded-xl border p-4">
      <Ban aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-muted-foreground" />
      <p>{t('pay.voidState')}</p>
    </div>
  );
}

type Method = 'card' | 'wallet';

/** A payment the person has confirmed, with the one key every try of it sends. */
interface Attempt {
  body: InvoicePaymentRequestInput;
  idempotencyKey: string;
  /** What the confirmation says: the card's last digits, or the wallet. */
  method: Method;
}

function PayForm({ code, invoice }: { code: string; invoice: OpenPublicInvoice }) {
  const { t } = useTranslation('invoices');
  const auth = useAuth();
  const location = useLocation();
  const format = useFormatMoney();
  const signedIn = auth.status === 'signedIn' && !auth.demo;
  const [method, setMethod] = useState<Method>('card');
  const [card, setCard] = useState<CardDraft>(EMPTY_CARD);
  const [problems, setProblems] = useState<Partial<Record<CardField, CardProblem>>>({});
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const methodName = useId();

  const confirmCard = (event: FormEvent) => {
    event.preventDefault();
    const found = checkCard(card, new Date());
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setAttempt({
      body: { source: 'card', card: cardRequestOf(card) },
      idempotencyKey: crypto.randomUUID(),
      method: 'card',
    });
  };

  return (
    <section className="flex flex-col gap-4 rounded-xl border p-4" data-testid="invoice-pay">
      {signedIn ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-base font-semibold">{t('pay.chooseMethod')}</legend>
          <div className="grid grid-cols-2 gap-2">
            {(['card', 'wallet'] as const).map((choice) => {
              const Icon = choice === 'card' ? CreditCard : Wallet;
              return (
                <label
                  key={choice}
                  className={cn(
                    'flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 font-medium',
                    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                    method === choice ? 'border-primary bg-accent' : 'bg-card',
                  )}
                >
                  <input
                    type="radio"
                    name={methodName}
                    value={choice}
                    checked={method === choice}
                    onChange={() => setMethod(choice)}
                    className="size-4 accent-primary"
                  />
                  <Icon aria-hidden="true" className="size-4" />
                  {choice === 'card' ? t('pay.methodCard') : t('pay.methodWallet')}
                </label>
              );
            })}
          </div>
        </fieldset>
      ) : (
        <h2 className="text-base font-semibold">{t('pay.payCard')}</h2>
      )}

      {method === 'card' || !signedIn ? (
        <form noValidate onSubmit={confirmCard} className="flex flex-col gap-4">
          <CardFields
            card={card}
            problems={problems}
            onChange={(next, field) => {
              setCard(next);
              setProblems((current) => ({ ...current, [field]: undefined }));
            }}
            onLeave={(field) => {
              if (card[field].trim() === '') return;
              setProblems((current) => ({ ...current, [field]: checkCardField(field, card, new Date()) }));
            }}
          />
          <Button type="submit" size="lg" variant="brand">
            <CreditCard aria-hidden="true" />
            {t('pay.payCard')}
          </Button>
        </form>
      ) : (
        <WalletPay
          invoice={invoice}
          onPay={() =>
            setAttempt({ body: { source: 'wallet' }, idempotencyKey: crypto.randomUUID(), method: 'wallet' })
          }
        />
      )}

      {!signedIn && auth.status === 'signedOut' ? (
        <p className="text-sm text-muted-foreground">
          {t('pay.signInToUseWallet')}{' '}
          <Link to="/auth" state={{ from: location }} className="font-medium text-foreground underline">
            {t('pay.signIn')}
          </Link>
        </p>
      ) : null}

      <Dialog
        open={attempt !== null}
        onOpenChange={(open) => {
          if (!open) setAttempt(null);
        }}
        title={
          attempt?.method === 'wallet'
            ? t('pay.confirmTitle', { total: format(invoice.totalMinor, invoice.currency) })
            : t('pay.confirmCardTitle', { total: format(invoice.totalMinor, invoice.currency) })
        }
        closeLabel={t('actions.close')}
        className="max-w-md"
      >
        {attempt ? (
          <ConfirmPayment
            code={code}
            invoice={invoice}
            attempt={attempt}
            card={card}
            onDone={() => {
              setAttempt(null);
              setCard(EMPTY_CARD);
            }}
            onCancel={() => setAttempt(null)}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

function WalletPay({ invoice, onPay }: { invoice: OpenPublicInvoice; onPay: () => void }) {
  const { t } = useTranslation('invoices');
  const format = useFormatMoney();
  const errorMessage = useErrorMessage();
  const wallet = useWallet();
  if (wallet.isPending) return <Skeleton className="h-20 rounded-lg" />;
  if (wallet.isError) {
    return (
      <FormAlert>
        <p>{errorMessage(wallet.error)}</p>
      </FormAlert>
    );
  }
  const available = availableIn(wallet.data, invoice.currency);
  const enough = available >= invoice.totalMinor;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground" data-testid="wallet-available">
        {enough
          ? t('pay.available', { amount: format(available, invoice.currency) })
          : t('pay.walletShort', { amount: format(available, invoice.currency), currency: invoice.currency })}
      </p>
      <Button size="lg" variant="brand" disabled={!enough} onClick={onPay}>
        <Wallet aria-hidden="true" />
        {t('pay.payWallet')}
      </Button>
    </div>
  );
}

/**
 * The last look before money moves: how much, to whom, how. Confirming sends the payment with
 * the attempt's key (a retry or the PIN step sends the same one, so it can never pay twice).
 */
function ConfirmPayment({
  code,
  invoice,
  attempt,
  card,
  onDone,
  onCancel,
}: {
  code: string;
  invoice: OpenPublicInvoice;
  attempt: Attempt;
  card: CardDraft;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('invoices');
  const format = useFormatMoney();
  const errorMessage = useErrorMessage();
  // Paid or voided meanwhile: the page turns to that state (and this dialog goes with it), so the
  // reason stays on screen as a toast.
  const pay = usePayInvoice(code, (error) => toast({ title: errorMessage(error), variant: 'destructive' }));
  const [askPin, setAskPin] = useState(false);
  const total = format(invoice.totalMinor, invoice.currency);
  const body = t('pay.confirmBody', { total, name: invoice.issuer.displayName, number: invoice.number });
  const send = () =>
    pay.mutate(
      { body: attempt.body, idempotencyKey: attempt.idempotencyKey },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (errorCodeOf(error) === 'pin_required') setAskPin(true);
        },
      },
    );
  if (askPin) {
    return (
      <MoneyPinStep
        body={body}
        submitLabel={t('pay.confirmPay', { total })}
        sendingLabel={t('pay.paying')}
        sending={pay.isPending}
        onVerified={() => {
          setAskPin(false);
          send();
        }}
        onBack={onCancel}
      />
    );
  }
  const last4 = card.number.replace(/\D/g, '').slice(-4);
  return (
    <div className="flex flex-col gap-4" data-testid="confirm-payment">
      <p className="text-2xl font-semibold tabular-nums">{total}</p>
      <p>{body}</p>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        {attempt.method === 'card' ? (
          <>
            <CreditCard aria-hidden="true" className="size-4" />
            {`${t('pay.methodCard')} •••• ${last4}`}
          </>
        ) : (
          <>
            <Wallet aria-hidden="true" className="size-4" />
            {t('pay.methodWallet')}
          </>
        )}
      </p>
      {pay.isError && errorCodeOf(pay.error) !== 'pin_required' ? (
        <FormAlert>
          <p>{errorMessage(pay.error)}</p>
        </FormAlert>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button size="lg" variant="brand" className="sm:flex-1" disabled={pay.isPending} onClick={send}>
          {pay.isPending ? t('pay.paying') : t('pay.confirmPay', { total })}
        </Button>
        <Button variant="ghost" size="lg" onClick={onCancel} disabled={pay.isPending}>
          {t('actions.cancel')}
        </Button>
      </div>
    </div>
  );
}
