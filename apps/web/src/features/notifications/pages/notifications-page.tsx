import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function NotificationsPage() {
  const { t } = useTranslation('screens');
  return (
    <ScreenIntro icon={Bell} title={t('notifications.title')} description={t('notifications.description')} />
  );
}
