import type { ReconciliationResult } from '@ztart/shared/contracts/admin';
import { CircleCheck, Scale, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/money/money';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { useAdminFinances, useRunReconciliation } from '@/features/admin/api/admin-platform';
import { AdminSection, QueryState, useDateTime } from '@/features/admin/components/query-states';
import { useErrorMessage } from '@/hooks/use-error-message';

/** Finances tab: the platform's ledger totals per currency, its system accounts, and a reconciliation on demand. */
export function FinancesPanel() {
  const { t } = useTranslation('admin');
  const query = useAdminFinances();
  return (
    <div className="flex flex-col gap-4">
      <QueryState query={query} loadingLabel={t('finances.loading')}>
        {() =>
          query.data ? (
            <>
              <AdminSection title={t('finances.totals')} testId="ledger-totals">
                {query.data.totals.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t('finances.noMoney')}</p>
                ) : (
                  <table className="w-full text-sm">
                    <thead>
                      <tr className="text-left text-muted-foreground">
                        <th scope="col" className="py-1 font-medium">
                          {t('finances.currency')}
                        </th>
                        <th scope="col" className="py-1 text-right font-medium">
                          {t('finances.people')}
                        </th>
                        <th scope="col" className="py-1 text-right font-medium">
                          {t('finances.system')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {query.data.totals.map((total) => (
                        <tr key={total.currency} className="border-t">
                          <th scope="row" className="py-2 text-left font-medium">
                            {total.currency}
                          </th>
                          <td className="py-2 text-right tabular-nums">
                            <Money amountMinor={total.peopleMinor} currency={total.currency} />
                          </td>
                          <td className="py-2 text-right tabular-nums">
                            <Money amountMinor={total.systemMinor} currency={total.currency} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                <p className="text-sm text-muted-foreground">{t('finances.totalsNote')}</p>
              </AdminSection>
              <AdminSection title={t('finances.systemAccounts')} testId="system-accounts">
                {query.data.systemAccounts.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t('finances.noMoney')}</p>
                ) : (
                  <ul className="flex flex-col gap-1 text-sm">
                    {query.data.systemAccounts.map((account) => (
                      <li key={`${account.kind}-${account.currency}`} className="flex justify-between gap-3">
                        <span>{t(`accountKinds.${account.kind}`, { defaultValue: account.kind })}</span>
                        <Money
                          amountMinor={account.balanceMinor}
                          currency={account.currency}
                          className="font-medium"
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </AdminSection>
            </>
          ) : null
        }
      </QueryState>
      <Reconciliation />
    </div>
  );
}

function Reconciliation() {
  const { t } = useTranslation('admin');
  const errorMessage = useErrorMessage();
  const run = useRunReconciliation();
  return (
    <AdminSection
      title={t('finances.reconciliation')}
      testId="reconciliation"
      actions={
        <Button disabled={run.isPending} onClick={() => run.mutate()}>
          <Scale aria-hidden="true" />
          {run.isPending ? t('finances.reconciling') : t('finances.reconcile')}
        </Button>
      }
    >
      <p className="text-sm text-muted-foreground">{t('finances.reconciliationHelp')}</p>
      <div aria-live="polite">
        {run.isError ? (
          <FormAlert>
            <p>{errorMessage(run.error)}</p>
          </FormAlert>
        ) : run.data ? (
          <ReconciliationOutcome result={run.data} />
        ) : null}
      </div>
    </AdminSection>
  );
}

function ReconciliationOutcome({ result }: { result: ReconciliationResult }) {
  const { t } = useTranslation('admin');
  const formatDate = useDateTime();
  const checked = t('finances.checked', {
    count: result.accountsChecked,
    date: formatDate(result.checkedAt),
  });
  if (result.ok)
    return (
      <p data-testid="reconciliation-ok" className="flex items-start gap-2 text-sm">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
        <span>
          <strong>{t('finances.ok')}</strong> {checked}
        </span>
      </p>
    );
  return (
    <div data-testid="reconciliation-differences" className="flex flex-col gap-2 text-sm">
      <p className="flex items-start gap-2">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
        <span>
          <strong>{t('finances.differences', { count: result.differences.length })}</strong> {checked}
        </span>
      </p>
      <ul className="flex flex-col divide-y rounded-lg border">
        {result.differences.map((difference) => (
          <li
            key={`${difference.kind}-${difference.currency}-${difference.accountId ?? 'all'}`}
            className="flex flex-col gap-0.5 p-2"
          >
            <span className="font-medium">
              {difference.kind === 'currency_sum'
                ? t('finances.currencySum', { currency: difference.currency })
                : t('finances.accountBalance', {
                    account: difference.accountId ?? '',
                    kind: t(`accountKinds.${difference.accountKind ?? 'unknown'}`, {
                      defaultValue: difference.accountKind ?? '',
                    }),
                  })}
            </span>
            <span className="text-muted-foreground">
              {t('finances.expected')}{' '}
              <Money amountMinor={difference.expectedMinor} currency={difference.currency} />
              {' · '}
              {t('finances.actual')}{' '}
              <Money amountMinor={difference.actualMinor} currency={difference.currency} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
