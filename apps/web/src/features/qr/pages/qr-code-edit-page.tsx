import { QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ScreenIntro } from '@/components/screen-intro';
import { Badge } from '@/components/ui/badge';

export function QrCodeEditPage() {
  const { t } = useTranslation('screens');
  const { id = '' } = useParams();
  return (
    <ScreenIntro icon={QrCode} title={t('qrCodeEdit.title')} description={t('qrCodeEdit.description')}>
      <div>
        <Badge data-testid="qr-code-id" className="font-mono">
          {t('qrCodeEdit.idLabel', { id })}
        </Badge>
      </div>
    </ScreenIntro>
  );
}
