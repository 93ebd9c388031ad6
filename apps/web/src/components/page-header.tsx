import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/hooks/use-document-title';

export interface PageHeaderProps {
  title: string;
  description?: string;
  icon?: LucideIcon;
  /** Actions or extra lines under the description. */
  children?: ReactNode;
}

/** Every screen's title block: the one h1 of the page, and the browser tab's title. */
export function PageHeader({ title, description, icon: Icon, children }: PageHeaderProps) {
  const { t } = useTranslation('common');
  useDocumentTitle(t('documentTitle', { title }));
  return (
    <header className="flex flex-col gap-3">
      <div className="flex items-start gap-3">
        {Icon ? (
          <span className="mt-0.5 inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-soft-foreground">
            <Icon aria-hidden="true" className="size-5" />
          </span>
        ) : null}
        <div className="flex min-w-0 flex-col gap-1">
          <h1
            data-testid="screen-title"
            className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl"
          >
            {title}
          </h1>
          {description ? <p className="text-pretty text-muted-foreground">{description}</p> : null}
        </div>
      </div>
      {children}
    </header>
  );
}
