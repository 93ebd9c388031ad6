import type { Business } from '@ztart/shared/contracts/businesses';
import { Briefcase, UsersRound } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { BusinessCampaigns } from '@/features/business/components/business-campaigns';
import { BusinessInsightsSection } from '@/features/business/components/business-insights';
import { BusinessIntegrations } from '@/features/business/components/business-integrations';
import { BusinessLogoForm } from '@/features/business/components/business-logo-form';
import { businessPath, WithBusiness } from '@/features/business/components/business-picker';
import { BusinessQrCodes } from '@/features/business/components/business-qr-codes';
import { BusinessSettingsForm } from '@/features/business/components/business-settings-form';
import { BusinessWalletCard } from '@/features/business/components/business-wallet-card';

/**
 * `/business-admin`: one business at a glance — its wallet and sharing the tip pool with the team,
 * its revenue and tips over time and financial exports, its tip link and QR codes, its campaigns
 * and integrations (enterprise) and its settings. Not guarded in the browser: each part shows what
 * the server allows.
 */
export function BusinessAdminPage() {
  const { t } = useTranslation('business');
  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={Briefcase} title={t('admin.title')} description={t('admin.description')} />
      <WithBusiness>{(business) => <BusinessAdmin key={business.id} business={business} />}</WithBusiness>
    </div>
  );
}

function BusinessAdmin({ business }: { business: Business }) {
  const { t } = useTranslation('business');
  const settingsId = useId();
  const canSettings =
    business.myPermissions.includes('manageBranding') || business.myPermissions.includes('managePolicies');
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3" data-testid="business-summary">
        <Avatar name={business.name} src={business.logoUrl} className="size-14" />
        <div className="flex min-w-0 flex-1 flex-col">
          <h2 className="truncate text-xl font-semibold">{business.name}</h2>
          <p className="text-sm text-muted-foreground">@{business.tag}</p>
        </div>
        <Badge>{t(`status.${business.status}`)}</Badge>
        {business.myPermissions.includes('manageTeam') ? (
          <Link
            className={buttonVariants({ variant: 'outline' })}
            to={businessPath('/business-admin/team', business.id)}
          >
            <UsersRound aria-hidden="true" />
            {t('list.team')}
          </Link>
        ) : null}
      </div>
      {business.status !== 'active' ? (
        <p className="rounded-lg border p-3 text-sm">{t('admin.notActive')}</p>
      ) : null}
      {business.policies ? (
        <section className="rounded-xl border bg-muted/30 p-4" aria-label={t('settings.policies')}>
          <h2 className="text-sm font-medium text-muted-foreground">{t('settings.policies')}</h2>
          <p className="whitespace-pre-line">{business.policies}</p>
        </section>
      ) : null}
      <BusinessWalletCard business={business} />
      <BusinessInsightsSection business={business} />
      {business.myPermissions.includes('manageQrCodes') ? <BusinessQrCodes business={business} /> : null}
      {business.myPermissions.includes('manageCampaigns') ? <BusinessCampaigns business={business} /> : null}
      {canSettings ? (
        <section aria-labelledby={settingsId} className="flex flex-col gap-3">
          <h2 id={settingsId} className="text-lg font-semibold">
            {t('settings.title')}
          </h2>
          {business.myPermissions.includes('manageBranding') ? (
            <BusinessLogoForm business={business} />
          ) : null}
          <BusinessSettingsForm business={business} />
        </section>
      ) : null}
      {business.myPermissions.includes('manageIntegrations') ? (
        <BusinessIntegrations business={business} />
      ) : null}
    </div>
  );
}
