import { Bot } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '@/components/screen-intro';

export function ConversationalAgentPage() {
  const { t } = useTranslation('screens');
  return (
    <ScreenIntro
      icon={Bot}
      title={t('conversationalAgent.title')}
      description={t('conversationalAgent.description')}
    />
  );
}
