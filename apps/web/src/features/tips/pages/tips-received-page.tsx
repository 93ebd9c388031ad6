import { HandHeart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs } from '@/components/ui/tabs';
import type { TipDirection } from '@/features/tips/api/tip-keys';
import { TipLinkCard } from '@/features/tips/components/tip-link-card';
import { TipList } from '@/features/tips/components/tip-list';
import { TipWidgetCard } from '@/features/tips/components/tip-widget-card';
import { displayNameOf, useAuth } from '@/lib/auth/auth-context';

/**
 * `/tips-me`: the tips received (totals per period, the list with messages and statuses, live as
 * tips arrive and settle), the tips sent, the person's tip link and the tip widget.
 */
export function TipsReceivedPage() {
  const { t } = useTranslation(['screens', 'tips']);
  const auth = useAuth();
  const [direction, setDirection] = useState<TipDirection>('received');
  const ztartag = auth.status === 'signedIn' ? (auth.profile?.ztartag ?? null) : null;
  const name = auth.status === 'signedIn' ? displayNameOf(auth) : '';

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={HandHeart}
        title={t('screens:tipsMe.title')}
        description={t('screens:tipsMe.description')}
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <CardContent className="pt-2 sm:pt-3">
            <Tabs
              label={t('tips:tabs.label')}
              tabs={[
                { value: 'received', label: t('tips:tabs.received') },
                { value: 'sent', label: t('tips:tabs.sent') },
              ]}
              value={direction}
              onValueChange={setDirection}
            >
              <TipList key={direction} direction={direction} />
            </Tabs>
          </CardContent>
        </Card>
        <div className="flex flex-col gap-6">
          <TipLinkCard ztartag={ztartag} name={name} />
          {ztartag ? <TipWidgetCard ztartag={ztartag} name={name} /> : null}
        </div>
      </div>
    </div>
  );
}
