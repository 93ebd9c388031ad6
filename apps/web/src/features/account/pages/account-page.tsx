import { type AccountTab, PROFILE_TABS } from '@ztart/shared/routes';
import { UserCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs } from '@/components/ui/tabs';

/** Sections that later phases build (spec §2: notifications, privacy, financial, preferences → phases 3–6). */
export const COMING_SOON_PHASE: Partial<Record<AccountTab, number>> = {
  notifications: 3,
  privacy: 4,
  financial: 5,
  preferences: 6,
};

const DEFAULT_TAB: AccountTab = 'profile';

export function parseAccountTab(value: string | null): AccountTab {
  return (PROFILE_TABS as readonly string[]).includes(value ?? '') ? (value as AccountTab) : DEFAULT_TAB;
}

/** `/account`, its tab chosen by `?tab=` (so /profile/edit and /settings can preselect one). */
export function AccountPage() {
  const { t } = useTranslation(['screens', 'account']);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseAccountTab(searchParams.get('tab'));
  const phase = COMING_SOON_PHASE[tab];

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={UserCog}
        title={t('screens:account.title')}
        description={t('screens:account.description')}
      />
      <Tabs
        label={t('account:tabs.label')}
        tabs={PROFILE_TABS.map((value) => ({ value, label: t(`account:tabs.${value}`) }))}
        value={tab}
        onValueChange={(next) =>
          setSearchParams(
            (params) => {
              params.set('tab', next);
              return params;
            },
            { replace: true },
          )
        }
      >
        <Card>
          <CardHeader>
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle>{t(`account:tabs.${tab}`)}</CardTitle>
              {phase ? (
                <Badge variant="brand" data-testid="coming-soon">
                  {t('account:comingSoon', { phase })}
                </Badge>
              ) : null}
            </div>
            <CardDescription>{t(`account:panels.${tab}`)}</CardDescription>
          </CardHeader>
        </Card>
      </Tabs>
    </div>
  );
}
