import type { Business, BusinessMember } from '@ztart/shared/contracts/businesses';
import { Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/money/money';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useMembers } from '@/features/business/api/team';
import { useBusinessWallet } from '@/features/business/api/wallet';
import { DistributionFlow } from '@/features/business/components/distribution-flow';
import { ForbiddenState, isForbidden } from '@/features/business/components/forbidden-state';
import { useErrorMessage } from '@/hooks/use-error-message';

/** Approved members other than the owner: who a distribution can pay. */
export function payableMembers(items: readonly BusinessMember[]): BusinessMember[] {
  return items.filter((member) => member.role !== 'owner' && member.approvalStatus === 'approved');
}

/**
 * The business wallet: what the business holds (the tip pool, in its currency first), and, for who
 * may configure payments, sharing it with the team.
 */
export function BusinessWalletCard({ business }: { business: Business }) {
  const { t } = useTranslation('business');
  const errorMessage = useErrorMessage();
  const wallet = useBusinessWallet(business.id);
  const canDistribute = business.myPermissions.includes('configurePayments');
  const members = useMembers(business.id, canDistribute);
  const [distributing, setDistributing] = useState(false);
  const titleId = useId();

  const balances = wallet.data?.balances ?? [];
  const pool = balances.find((balance) => balance.currency === business.currency) ?? {
    currency: business.currency,
    availableMinor: 0,
  };
  const others = balances.filter(
    (balance) => balance.currency !== business.currency && balance.availableMinor > 0,
  );

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <h2 id={titleId} className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <Wallet aria-hidden="true" className="size-4" />
        {t('wallet.title')}
      </h2>
      {wallet.isPending ? (
        <Skeleton className="h-10 w-40" />
      ) : wallet.isError ? (
        isForbidden(wallet.error) ? (
          <ForbiddenState error={wallet.error} testId="wallet-forbidden" />
        ) : (
          <FormAlert>
            <p>{errorMessage(wallet.error)}</p>
            <Button variant="outline" className="self-start" onClick={() => void wallet.refetch()}>
              {t('actions.retry')}
            </Button>
          </FormAlert>
        )
      ) : (
        <>
          <p className="text-3xl font-semibold tabular-nums" data-testid="business-balance">
            <Money amountMinor={pool.availableMinor} currency={pool.currency} />
          </p>
          {others.length > 0 ? (
            <ul className="flex flex-wrap gap-x-4 text-sm text-muted-foreground">
              {others.map((balance) => (
                <li key={balance.currency}>
                  <Money amountMinor={balance.availableMinor} currency={balance.currency} />
                </li>
              ))}
            </ul>
          ) : null}
          <p className="text-sm text-muted-foreground">{t('wallet.hint')}</p>
          {canDistribute ? (
            <Button
              size="lg"
              className="self-start"
              disabled={pool.availableMinor <= 0 || !members.isSuccess}
              onClick={() => setDistributing(true)}
            >
              {t('distribute.open')}
            </Button>
          ) : null}
          {canDistribute && pool.availableMinor <= 0 ? (
            <p className="text-sm text-muted-foreground">{t('wallet.empty')}</p>
          ) : null}
        </>
      )}
      <Dialog
        open={distributing}
        onOpenChange={setDistributing}
        title={t('distribute.title')}
        closeLabel={t('actions.close')}
        className="max-w-lg"
      >
        {distributing && members.data ? (
          <DistributionFlow
            businessId={business.id}
            currency={pool.currency}
            availableMinor={pool.availableMinor}
            members={payableMembers(members.data.items)}
            onFinished={() => setDistributing(false)}
          />
        ) : null}
      </Dialog>
    </section>
  );
}
