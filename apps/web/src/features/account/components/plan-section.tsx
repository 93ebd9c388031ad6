import type { OwnProfile } from '@ztart/shared/contracts/profiles';
import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { SectionCard } from '@/features/account/components/section-card';

/** Where the plans screen lives (a section of /businesses). */
const PLANS_PATH = '/businesses#plans';

/** The person's plan, and the way to the plans screen to change it. */
export function PlanSection({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation('account');
  return (
    <SectionCard title={t('plan.title')} icon={Crown}>
      <p data-testid="account-plan">{t('plan.current', { level: t(`plan.levels.${profile.userLevel}`) })}</p>
      <Link to={PLANS_PATH} className={buttonVariants({ variant: 'outline', className: 'self-start' })}>
        {t('plan.see')}
      </Link>
    </SectionCard>
  );
}
