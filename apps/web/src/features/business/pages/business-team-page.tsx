import { UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function BusinessTeamPage() {
  const { t } = useTranslation('screens');
  return (
    <ScreenIntro
      icon={UsersRound}
      title={t('businessTeam.title')}
      description={t('businessTeam.description')}
    />
  );
}
