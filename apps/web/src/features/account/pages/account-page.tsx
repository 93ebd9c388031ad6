import { type AccountTab, PROFILE_TABS } from '@ztart/shared/routes';
import { UserCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { AvatarSection } from '@/features/account/components/avatar-section';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { DeleteAccountSection } from '@/features/account/components/delete-account-section';
import { EmailSection } from '@/features/account/components/email-section';
import { NotificationPreferencesSection } from '@/features/account/components/notification-preferences-section';
import { PersonalDetailsForm } from '@/features/account/components/personal-details-form';
import { PhoneSection } from '@/features/account/components/phone-section';
import { PinSection } from '@/features/account/components/pin-section';
import { PlanSection } from '@/features/account/components/plan-section';
import { PreferencesSection } from '@/features/account/components/preferences-section';
import { ProtectedSessions } from '@/features/account/components/protected-sessions';
import { SignOutSection } from '@/features/account/components/sign-out-section';
import { useErrorMessage } from '@/hooks/use-error-message';
import { displayNameOf, type SignedInAuth, useAuth } from '@/lib/auth/auth-context';
import { usePinStatus } from '@/lib/pin';

/**
 * Sections that later phases build (spec §2: privacy, financial → phases 4–5). Notifications
 * (phase 3) and Preferences (phase 6) work already: language and theme moved there from the
 * phone's header.
 */
export const COMING_SOON_PHASE: Partial<Record<AccountTab, number>> = {
  privacy: 4,
  financial: 5,
};

const DEFAULT_TAB: AccountTab = 'profile';

export function parseAccountTab(value: string | null): AccountTab {
  return (PROFILE_TABS as readonly string[]).includes(value ?? '') ? (value as AccountTab) : DEFAULT_TAB;
}

/** `/account`, its tab chosen by `?tab=` (so /profile/edit and /settings can preselect one). */
export function AccountPage() {
  const { t } = useTranslation(['screens', 'account']);
  const auth = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseAccountTab(searchParams.get('tab'));

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
        {/* The route asks for sign-in; the state is only missing for the instant before it redirects. */}
        {auth.status === 'signedIn' ? <TabPanel tab={tab} auth={auth} /> : <PanelSkeleton />}
      </Tabs>
    </div>
  );
}

function TabPanel({ tab, auth }: { tab: AccountTab; auth: SignedInAuth }) {
  switch (tab) {
    case 'profile':
      return <ProfileTab auth={auth} />;
    case 'security':
      return <SecurityTab demo={auth.demo} />;
    case 'notifications':
      return <NotificationPreferencesSection demo={auth.demo} />;
    case 'preferences':
      return <PreferencesSection demo={auth.demo} />;
    case 'advanced':
      return <DeleteAccountSection />;
    default:
      return <ComingSoonPanel tab={tab} />;
  }
}

function ProfileTab({ auth }: { auth: SignedInAuth }) {
  const { t } = useTranslation('errors');
  if (!auth.profile) return <FormAlert>{t('user_profile_not_found')}</FormAlert>;
  return (
    <div className="flex flex-col gap-4">
      <AvatarSection profile={auth.profile} name={displayNameOf(auth)} />
      <PersonalDetailsForm key={auth.profile.id} profile={auth.profile} />
      <EmailSection user={auth.user} />
      <PhoneSection user={auth.user} />
      <PlanSection profile={auth.profile} />
    </div>
  );
}

function SecurityTab({ demo }: { demo: boolean }) {
  const errorMessage = useErrorMessage();
  const pinStatus = usePinStatus();
  return (
    <div className="flex flex-col gap-4">
      <ChangePasswordForm />
      {pinStatus.isPending ? <PanelSkeleton /> : null}
      {pinStatus.isError ? <FormAlert>{errorMessage(pinStatus.error)}</FormAlert> : null}
      {pinStatus.isSuccess ? (
        <>
          <PinSection status={pinStatus.data} />
          <ProtectedSessions status={pinStatus.data} />
        </>
      ) : null}
      {/* A demo user leaves through the demo banner. */}
      {demo ? null : <SignOutSection />}
    </div>
  );
}

function ComingSoonPanel({ tab }: { tab: AccountTab }) {
  const { t } = useTranslation('account');
  const phase = COMING_SOON_PHASE[tab];
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{t(`tabs.${tab}`)}</CardTitle>
          {phase ? (
            <Badge variant="brand" data-testid="coming-soon">
              {t('comingSoon', { phase })}
            </Badge>
          ) : null}
        </div>
        <CardDescription>{t(`panels.${tab}`)}</CardDescription>
      </CardHeader>
    </Card>
  );
}

function PanelSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-4">
      <Skeleton className="h-40 w-full rounded-xl" />
      <Skeleton className="h-28 w-full rounded-xl" />
    </div>
  );
}
