import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function NearbyUsersPage() {
  const { t } = useTranslation('screens');
  return (
    <ScreenIntro icon={MapPin} title={t('nearbyUsers.title')} description={t('nearbyUsers.description')} />
  );
}
