import { HandCoins } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useTipProfile } from '@/features/tips/api/get-tip-profile';
import { RecipientPicker } from '@/features/tips/components/recipient-picker';
import { TippedPerson, WalletTipFlow } from '@/features/tips/components/wallet-tip-flow';
import { QuickTipPage } from '@/features/tips/pages/quick-tip-page';
import { useErrorMessage } from '@/hooks/use-error-message';
import { useAuth } from '@/lib/auth/auth-context';
import { useWallet } from '@/lib/wallet/get-wallet';

/** `?to=` holds the chosen person, so Back returns to the picker and a reload keeps the choice. */
const RECIPIENT_PARAM = 'to';

/**
 * The quick tip of a signed-in person, inside the app: choose whom to tip, then tip from the
 * balance (or by card on the quick-tip page). The demo has no real balance: it keeps the
 * quick-tip page, which simulates tips itself.
 */
export function SendTipPage() {
  const auth = useAuth();
  if (auth.status === 'signedIn' && auth.demo) return <QuickTipPage />;
  return <SignedInQuickTip />;
}

function SignedInQuickTip() {
  const { t } = useTranslation(['tips', 'screens']);
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = (searchParams.get(RECIPIENT_PARAM) ?? '').replace(/^@/, '').toLowerCase();
  const titleId = useId();
  const choose = (ztartag: string) => setSearchParams({ [RECIPIENT_PARAM]: ztartag });
  const tipSomeoneElse = () => setSearchParams({});

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={HandCoins}
        title={t('screens:quickTip.title')}
        description={t('tips:send.description')}
      />
      <Card role="region" aria-labelledby={titleId} className="w-full max-w-xl">
        <CardHeader>
          <CardTitle id={titleId}>{chosen ? t('tips:send.amountTitle') : t('tips:send.pickTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          {chosen ? (
            <ChosenRecipient key={chosen} ztartag={chosen} onChange={tipSomeoneElse} />
          ) : (
            <RecipientPicker onChoose={choose} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function ChosenRecipient({ ztartag, onChange }: { ztartag: string; onChange: () => void }) {
  const { t } = useTranslation(['tips', 'wallet']);
  const errorMessage = useErrorMessage();
  const profile = useTipProfile(ztartag);
  const wallet = useWallet();
  const failure = profile.error ?? wallet.error;

  if (failure) {
    return (
      <div className="flex flex-col gap-3">
        <FormAlert>
          <p>{errorMessage(failure)}</p>
        </FormAlert>
        <Button variant="outline" className="self-start" onClick={onChange}>
          {t('tips:send.change')}
        </Button>
      </div>
    );
  }
  if (!profile.data || !wallet.data) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3 rounded-xl border p-3">
        <TippedPerson profile={profile.data} />
        <Button variant="ghost" onClick={onChange}>
          {t('tips:send.change')}
        </Button>
      </div>
      <WalletTipFlow profile={profile.data} wallet={wallet.data} onTipSomeoneElse={onChange} />
    </div>
  );
}
