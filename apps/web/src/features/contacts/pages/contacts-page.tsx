import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function ContactsPage() {
  const { t } = useTranslation('screens');
  return <ScreenIntro icon={Users} title={t('contacts.title')} description={t('contacts.description')} />;
}
