import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader, type PageHeaderProps } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';

export interface ScreenIntroProps extends PageHeaderProps {
  /** Extra content under the "coming soon" card. */
  extra?: ReactNode;
}

/**
 * The screen of a feature that later work fills in: its title, what it is for, and a quiet
 * "coming soon" card. Replaced screen by screen as features land.
 */
export function ScreenIntro({ extra, ...header }: ScreenIntroProps) {
  const { t } = useTranslation('common');
  return (
    <div className="flex flex-col gap-6">
      <PageHeader {...header} />
      <section className="flex flex-col items-start gap-3 rounded-xl border border-dashed bg-card/60 p-5 sm:p-6">
        <Badge variant="brand">
          <Sparkles aria-hidden="true" className="size-3.5" />
          {t('placeholder.badge')}
        </Badge>
        <p className="text-sm text-muted-foreground">{t('placeholder.body')}</p>
      </section>
      {extra}
    </div>
  );
}
