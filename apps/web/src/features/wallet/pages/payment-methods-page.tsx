import type { PaymentMethod } from '@ztart/shared/contracts/payment-methods';
import { CreditCard, Landmark, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast/toast-store';
import { bankAccountsOf, cardsOf, usePaymentMethods } from '@/features/wallet/api/get-payment-methods';
import { useRemovePaymentMethod } from '@/features/wallet/api/remove-payment-method';
import { useSetDefaultPaymentMethod } from '@/features/wallet/api/set-default-payment-method';
import { BankAccountForm } from '@/features/wallet/components/bank-account-form';
import { CardForm } from '@/features/wallet/components/card-form';
import { PaymentMethodLine, usePaymentMethodName } from '@/features/wallet/components/payment-method-line';
import { useErrorMessage } from '@/hooks/use-error-message';
import { useAuth } from '@/lib/auth/auth-context';

/** In demo mode every change says it was only simulated. */
export function useSimulatedNote(): string | undefined {
  const { t } = useTranslation('wallet');
  const auth = useAuth();
  return auth.status === 'signedIn' && auth.demo ? t('demo.simulated') : undefined;
}

/** `/payment-methods`: the cards that fund deposits and the bank accounts that receive withdrawals. */
export function PaymentMethodsPage() {
  const { t } = useTranslation(['screens', 'wallet']);
  const methods = usePaymentMethods();
  const errorMessage = useErrorMessage();
  const [adding, setAdding] = useState<'card' | 'bank_account' | null>(null);
  const note = useSimulatedNote();

  const added = (method: PaymentMethod) => {
    setAdding(null);
    toast({
      title: method.type === 'card' ? t('wallet:methods.cardAdded') : t('wallet:methods.bankAdded'),
      description: note,
      variant: 'success',
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={CreditCard}
        title={t('screens:paymentMethods.title')}
        description={t('screens:paymentMethods.description')}
      />
      {methods.isPending ? <MethodsSkeleton /> : null}
      {methods.isError ? (
        <FormAlert>
          <p>{errorMessage(methods.error)}</p>
          <Button variant="outline" className="self-start" onClick={() => void methods.refetch()}>
            {t('wallet:actions.retry')}
          </Button>
        </FormAlert>
      ) : null}
      {methods.isSuccess ? (
        <>
          <MethodSection
            icon={CreditCard}
            title={t('wallet:methods.cards')}
            description={t('wallet:methods.cardsDescription')}
            methods={cardsOf(methods.data)}
            empty={t('wallet:methods.noCards')}
            addLabel={t('wallet:cards.add')}
            onAdd={() => setAdding('card')}
          />
          <MethodSection
            icon={Landmark}
            title={t('wallet:methods.banks')}
            description={t('wallet:methods.banksDescription')}
            methods={bankAccountsOf(methods.data)}
            empty={t('wallet:methods.noBanks')}
            addLabel={t('wallet:banks.add')}
            onAdd={() => setAdding('bank_account')}
          />
        </>
      ) : null}
      <Dialog
        open={adding === 'card'}
        onOpenChange={(open) => setAdding(open ? 'card' : null)}
        title={t('wallet:cards.addTitle')}
        closeLabel={t('wallet:actions.close')}
      >
        {/* Mounted only while open: closing the dialog drops whatever was typed. */}
        {adding === 'card' ? (
          <CardForm
            firstCard={methods.isSuccess && cardsOf(methods.data).length === 0}
            onAdded={added}
            onCancel={() => setAdding(null)}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={adding === 'bank_account'}
        onOpenChange={(open) => setAdding(open ? 'bank_account' : null)}
        title={t('wallet:banks.addTitle')}
        closeLabel={t('wallet:actions.close')}
      >
        {adding === 'bank_account' ? (
          <BankAccountForm
            firstAccount={methods.isSuccess && bankAccountsOf(methods.data).length === 0}
            onAdded={added}
            onCancel={() => setAdding(null)}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

function MethodSection({
  icon: Icon,
  title,
  description,
  methods,
  empty,
  addLabel,
  onAdd,
}: {
  icon: typeof CreditCard;
  title: string;
  description: string;
  methods: PaymentMethod[];
  empty: string;
  addLabel: string;
  onAdd: () => void;
}) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Button variant="outline" onClick={onAdd}>
          <Plus aria-hidden="true" />
          {addLabel}
        </Button>
      </CardHeader>
      <CardContent>
        {methods.length === 0 ? (
          <EmptyMethods icon={Icon}>{empty}</EmptyMethods>
        ) : (
          <ul className="divide-y">
            {methods.map((method) => (
              <li key={method.id}>
                <PaymentMethodLine method={method} actions={<MethodActions method={method} />} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function EmptyMethods({ icon: Icon, children }: { icon: typeof CreditCard; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
      <Icon aria-hidden="true" className="size-6" />
      <p>{children}</p>
    </div>
  );
}

/** Make default, and remove after a confirmation. */
function MethodActions({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation('wallet');
  const name = usePaymentMethodName()(method);
  const errorMessage = useErrorMessage();
  const note = useSimulatedNote();
  const setDefault = useSetDefaultPaymentMethod();
  const remove = useRemovePaymentMethod();
  const [confirming, setConfirming] = useState(false);

  const makeDefault = () =>
    setDefault.mutate(method.id, {
      onSuccess: () =>
        toast({ title: t('methods.defaultSet', { name }), description: note, variant: 'success' }),
      onError: (error) => toast({ title: errorMessage(error), variant: 'destructive' }),
    });
  const confirmRemove = () =>
    remove.mutate(method.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t('methods.removed', { name }), description: note, variant: 'success' });
      },
    });

  return (
    <>
      {method.isDefault ? null : (
        <Button
          variant="ghost"
          disabled={setDefault.isPending}
          onClick={makeDefault}
          aria-label={t('methods.setDefaultLabel', { name })}
        >
          {t('methods.setDefault')}
        </Button>
      )}
      <Button
        variant="ghost"
        onClick={() => setConfirming(true)}
        aria-label={t('methods.removeLabel', { name })}
      >
        {t('methods.remove')}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) remove.reset();
        }}
        title={t('methods.removeTitle', { name })}
        description={method.type === 'card' ? t('methods.removeCardBody') : t('methods.removeBankBody')}
        closeLabel={t('actions.close')}
      >
        {remove.isError ? <FormAlert>{errorMessage(remove.error)}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            {t('actions.cancel')}
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={confirmRemove}>
            {t('methods.removeConfirm')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

function MethodsSkeleton() {
  return (
    <div className="flex flex-col gap-4">
      {[0, 1].map((section) => (
        <Card key={section} className="flex flex-col gap-4 p-6">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </Card>
      ))}
    </div>
  );
}
