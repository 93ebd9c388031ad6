import { BadgeCheck, CircleDashed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

/** "Verified" or "Not verified", in words and an icon (never by colour alone). */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation('common');
  return verified ? (
    <Badge variant="brand">
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      {t('verified')}
    </Badge>
  ) : (
    <Badge>
      <CircleDashed aria-hidden="true" className="size-3.5" />
      {t('notVerified')}
    </Badge>
  );
}
