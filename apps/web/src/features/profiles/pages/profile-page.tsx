import { User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function ProfilePage() {
  const { t } = useTranslation('screens');
  return <ScreenIntro icon={User} title={t('profile.title')} description={t('profile.description')} />;
}
