import { type Transaction, updateTransactionRequestSchema } from '@ztart/shared/contracts/transactions';
import { TEXT_LIMITS } from '@ztart/shared/limits';
import { ArrowLeft, Copy, Pencil, ReceiptText, Tags } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useCategories } from '@/components/transactions/api/get-categories';
import {
  isMissingTransaction,
  isTransactionId,
  useTransaction,
} from '@/components/transactions/api/get-transaction';
import { useCategoryName } from '@/components/transactions/categories';
import {
  counterpartyLabel,
  paymentMethodLabel,
  useDescribeTransaction,
} from '@/components/transactions/describe';
import { KindIcon, SignedAmount, StatusBadge } from '@/components/transactions/transaction-parts';
import type { TransactionLinkState } from '@/components/transactions/transaction-row';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TextAreaField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast/toast-store';
import { useUpdateTransaction } from '@/features/transactions/api/update-transaction';
import { CategoriesDialog } from '@/features/transactions/components/categories-dialog';
import { useSavedToast } from '@/features/transactions/components/saved-toast';
import { useErrorMessage, useFailureMessage } from '@/hooks/use-error-message';
import { fieldErrorsFromApiError, validate } from '@/lib/forms/form-errors';
import { useFieldMessage } from '@/lib/forms/use-field-message';

const LIST_PATH = '/transactions';

/** The list to return to: the one the person came from (filters included), else the whole history. */
function useBackTarget(): string {
  const state = useLocation().state as TransactionLinkState | null;
  const from = state?.from;
  // Only a path of this app: the state could have been written by anything.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : LIST_PATH;
}

/** `/transactions/:id`: every detail of one transaction; its category and note can be changed. */
export function TransactionDetailPage() {
  const { t } = useTranslation('transactions');
  const { id = '' } = useParams();
  const back = useBackTarget();
  const transaction = useTransaction(id);
  const errorMessage = useErrorMessage();
  const missing = !isTransactionId(id) || (transaction.isError && isMissingTransaction(transaction.error));

  return (
    <div className="flex flex-col gap-6">
      <Link
        to={back}
        className="-ml-2 inline-flex min-h-11 items-center gap-2 self-start rounded-lg px-2 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('detail.back')}
      </Link>
      <PageHeader icon={ReceiptText} title={t('detail.title')} />
      {missing ? (
        <FormAlert>{t('detail.notFound')}</FormAlert>
      ) : transaction.isPending ? (
        <DetailSkeleton />
      ) : transaction.isError ? (
        <FormAlert>
          <p>
            {t('detail.loadError')} {errorMessage(transaction.error)}
          </p>
          <Button variant="outline" className="self-start" onClick={() => void transaction.refetch()}>
            {t('list.retry')}
          </Button>
        </FormAlert>
      ) : (
        <TransactionDetail transaction={transaction.data} />
      )}
    </div>
  );
}

function TransactionDetail({ transaction }: { transaction: Transaction }) {
  const { t, i18n } = useTranslation(['transactions', 'errors']);
  const describe = useDescribeTransaction();
  const errorMessage = useErrorMessage();
  const formatDate = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem] lg:items-start">
      <Card>
        <CardContent className="flex flex-col gap-6 pt-5 sm:pt-6">
          <div className="flex flex-col items-center gap-3 text-center">
            <KindIcon transaction={transaction} className="size-12" />
            <p className="text-base font-medium" data-testid="transaction-description">
              {describe(transaction)}
            </p>
            <SignedAmount transaction={transaction} className="text-3xl sm:text-4xl" />
            <StatusBadge status={transaction.status} />
          </div>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-4 border-t pt-5 text-sm sm:grid-cols-2">
            <Detail label={t('detail.status')}>{t(`status.${transaction.status}`)}</Detail>
            <Detail label={t('detail.type')}>{t(`type.${transaction.type}`)}</Detail>
            <Detail label={t('detail.kind')}>{t(`kind.${transaction.kind}`)}</Detail>
            <Detail label={t('detail.createdAt')}>
              <time dateTime={transaction.createdAt}>{formatDate(transaction.createdAt)}</time>
            </Detail>
            {transaction.settledAt ? (
              <Detail label={t('detail.settledAt')}>
                <time dateTime={transaction.settledAt}>{formatDate(transaction.settledAt)}</time>
              </Detail>
            ) : null}
            {transaction.kind.startsWith('transfer') || transaction.kind.startsWith('tip') ? (
              <Detail label={t('detail.counterparty')}>
                {transaction.counterparty ? (
                  <>
                    {transaction.counterparty.displayName}
                    {transaction.counterparty.ztartag ? (
                      <span className="text-muted-foreground">
                        {' '}
                        ({counterpartyLabel(transaction.counterparty)})
                      </span>
                    ) : null}
                  </>
                ) : (
                  t('detail.anonymous')
                )}
              </Detail>
            ) : null}
            {transaction.paymentMethod ? (
              <Detail label={t('detail.paymentMethod')}>
                {paymentMethodLabel(transaction.paymentMethod, t)}
              </Detail>
            ) : null}
            {transaction.status === 'failed' && transaction.failureCode ? (
              <Detail label={t('detail.failureReason')} className="sm:col-span-2">
                {errorMessage(transaction.failureCode)}
              </Detail>
            ) : null}
            <Detail label={t('detail.reference')} className="sm:col-span-2">
              <ReferenceId id={transaction.id} />
            </Detail>
          </dl>
        </CardContent>
      </Card>
      <div className="flex flex-col gap-4">
        <CategoryCard transaction={transaction} />
        <NoteCard transaction={transaction} />
      </div>
    </div>
  );
}

function Detail({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-medium break-words">{children}</dd>
    </div>
  );
}

function ReferenceId({ id }: { id: string }) {
  const { t } = useTranslation('transactions');
  async function copy() {
    try {
      await navigator.clipboard.writeText(id);
      toast({ title: t('detail.copied'), variant: 'success' });
    } catch {
      toast({ title: t('detail.copyFailed'), variant: 'destructive' });
    }
  }
  return (
    <span className="flex items-center gap-2">
      <code
        className="min-w-0 flex-1 font-mono text-xs break-all select-all"
        data-testid="transaction-reference"
      >
        {id}
      </code>
      <Button variant="ghost" size="icon" aria-label={t('detail.copyReference')} onClick={() => void copy()}>
        <Copy aria-hidden="true" />
      </Button>
    </span>
  );
}

function CategoryCard({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('transactions');
  const categories = useCategories();
  const nameOf = useCategoryName();
  const update = useUpdateTransaction();
  const failureMessage = useFailureMessage();
  const savedToast = useSavedToast();
  const [manageOpen, setManageOpen] = useState(false);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.category')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {categories.isPending ? (
          <Skeleton className="h-11 w-full" />
        ) : (
          <Select
            label={t('detail.category')}
            hideLabel
            value={transaction.categoryId ?? ''}
            disabled={update.isPending || categories.isError}
            onChange={(event) =>
              update.mutate(
                { id: transaction.id, body: { categoryId: event.target.value || null } },
                { onSuccess: () => savedToast(t('detail.categoryChanged')) },
              )
            }
          >
            <option value="">{t('uncategorized')}</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={category.id}>
                {nameOf(category)}
              </option>
            ))}
          </Select>
        )}
        {categories.isError ? (
          <FormAlert>{failureMessage(categories.error, 'internal_error')}</FormAlert>
        ) : null}
        {update.isError ? <FormAlert>{failureMessage(update.error, 'internal_error')}</FormAlert> : null}
        <Button variant="ghost" className="self-start" onClick={() => setManageOpen(true)}>
          <Tags aria-hidden="true" />
          {t('detail.manageCategories')}
        </Button>
        <CategoriesDialog open={manageOpen} onOpenChange={setManageOpen} />
      </CardContent>
    </Card>
  );
}

function NoteCard({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('transactions');
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.note')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {editing ? (
          <NoteForm transaction={transaction} onDone={() => setEditing(false)} />
        ) : (
          <>
            <p
              className={
                transaction.note ? 'text-sm whitespace-pre-wrap break-words' : 'text-sm text-muted-foreground'
              }
              data-testid="transaction-note"
            >
              {transaction.note ?? t('detail.noNote')}
            </p>
            <Button variant="outline" className="self-start" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              {transaction.note ? t('detail.editNote') : t('detail.addNote')}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function NoteForm({ transaction, onDone }: { transaction: Transaction; onDone: () => void }) {
  const { t } = useTranslation('transactions');
  const update = useUpdateTransaction();
  const fieldMessage = useFieldMessage();
  const failureMessage = useFailureMessage();
  const savedToast = useSavedToast();
  const [note, setNote] = useState(transaction.note ?? '');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(updateTransactionRequestSchema, { note });
    if (!result.success) {
      setError(result.errors.note);
      return;
    }
    // An emptied note is removed rather than kept as "".
    const body = { note: result.data.note ? result.data.note : null };
    update.mutate(
      { id: transaction.id, body },
      {
        onSuccess: () => {
          savedToast(t('detail.noteSaved'));
          onDone();
        },
        onError: (failure) => setError(fieldErrorsFromApiError(failure)?.note),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <TextAreaField
        label={t('detail.note')}
        hint={t('detail.noteHint', { max: TEXT_LIMITS.note })}
        value={note}
        maxLength={TEXT_LIMITS.note}
        autoFocus
        error={fieldMessage(error)}
        onChange={(event) => {
          setNote(event.target.value);
          setError(undefined);
        }}
      />
      {update.isError && !error ? (
        <FormAlert>{failureMessage(update.error, 'internal_error')}</FormAlert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>
          {t('detail.saveNote')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('detail.cancel')}
        </Button>
      </div>
    </form>
  );
}

function DetailSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-4 lg:grid-cols-[1fr_20rem]">
      <Skeleton className="h-96 w-full rounded-xl" />
      <div className="flex flex-col gap-4">
        <Skeleton className="h-36 w-full rounded-xl" />
        <Skeleton className="h-36 w-full rounded-xl" />
      </div>
    </div>
  );
}
