import type { PaymentMethod } from '@ztart/shared/contracts/payment-methods';
import { CreditCard } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { bankAccountsOf, cardsOf, usePaymentMethods } from '@/features/wallet/api/get-payment-methods';
import { PaymentMethodLine } from '@/features/wallet/components/payment-method-line';
import { useErrorMessage } from '@/hooks/use-error-message';
import { useFirstAnswerShown } from '@/hooks/use-first-answer-shown';

function preferred(methods: PaymentMethod[]): PaymentMethod | undefined {
  return methods.find((method) => method.isDefault) ?? methods[0];
}

/** The default card and bank account, how many there are, and the way to manage them. */
export function MethodsSummary() {
  const { t } = useTranslation('wallet');
  const methods = usePaymentMethods();
  const answerShown = useFirstAnswerShown(methods.isPending);
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const cards = cardsOf(methods.data ?? []);
  const banks = bankAccountsOf(methods.data ?? []);
  const shown = [preferred(cards), preferred(banks)].filter((method) => method !== undefined);
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <CreditCard aria-hidden="true" className="size-4 text-muted-foreground" />
          {t('summary.title')}
        </CardTitle>
        <Link
          to="/payment-methods"
          className={buttonVariants({ variant: 'ghost', className: '-my-2 -mr-2' })}
        >
          {t('summary.manage')}
        </Link>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 text-sm">
        {answerShown ? null : <Skeleton className="h-14 w-full" />}
        {answerShown && methods.isError ? <FormAlert>{errorMessage(methods.error)}</FormAlert> : null}
        {answerShown && methods.isSuccess ? (
          <>
            <p className="text-muted-foreground">
              {t('summary.counts', {
                cards: t('summary.cards', { count: cards.length }),
                banks: t('summary.banks', { count: banks.length }),
              })}
            </p>
            {shown.length === 0 ? (
              <p>{t('summary.empty')}</p>
            ) : (
              <ul className="divide-y">
                {shown.map((method) => (
                  <li key={method.id}>
                    <PaymentMethodLine method={method} />
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
