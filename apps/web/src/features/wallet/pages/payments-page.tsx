import { CURRENCY_DECIMALS, isCurrency } from '@ztart/shared/money';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { TransactionList } from '@/components/transactions';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs } from '@/components/ui/tabs';
import { SendMoneyFlow } from '@/features/wallet/components/send-money-flow';

type TransferTab = 'sent' | 'received';

/**
 * An amount prepared elsewhere (the assistant links here with `amountMinor` and `currency`),
 * written as a person would type it; nothing is sent before the usual confirmation.
 */
function preparedAmount(params: URLSearchParams) {
  const currency = params.get('currency');
  if (!isCurrency(currency)) return {};
  const minor = params.get('amountMinor') ?? '';
  if (!/^[1-9]\d{0,12}$/.test(minor)) return { initialCurrency: currency };
  const decimals = CURRENCY_DECIMALS[currency];
  const padded = minor.padStart(decimals + 1, '0');
  const amount = decimals === 0 ? padded : `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
  return { initialAmount: amount, initialCurrency: currency };
}

/** `/payments`: send money to someone, and the transfers sent and received lately. */
export function PaymentsPage() {
  const { t } = useTranslation(['screens', 'wallet']);
  const [searchParams] = useSearchParams();
  const sendTitleId = useId();
  const recentTitleId = useId();
  const [tab, setTab] = useState<TransferTab>('sent');

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={Send}
        title={t('screens:payments.title')}
        description={t('screens:payments.description')}
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <Card role="region" aria-labelledby={sendTitleId}>
          <CardHeader>
            <CardTitle id={sendTitleId}>{t('wallet:send.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <SendMoneyFlow
              initialRecipient={searchParams.get('to') ?? ''}
              {...preparedAmount(searchParams)}
            />
          </CardContent>
        </Card>
        <Card role="region" aria-labelledby={recentTitleId}>
          <CardHeader>
            <CardTitle id={recentTitleId}>{t('wallet:payments.recent')}</CardTitle>
          </CardHeader>
          <CardContent>
            <Tabs
              label={t('wallet:payments.recent')}
              tabs={[
                { value: 'sent', label: t('wallet:payments.sent') },
                { value: 'received', label: t('wallet:payments.received') },
              ]}
              value={tab}
              onValueChange={setTab}
            >
              <TransactionList
                compact
                filters={{ kind: tab === 'sent' ? 'transfer_out' : 'transfer_in' }}
                emptyText={tab === 'sent' ? t('wallet:payments.noneSent') : t('wallet:payments.noneReceived')}
              />
            </Tabs>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
