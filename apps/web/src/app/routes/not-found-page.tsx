import { Compass, House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Any path the route table does not know: a clear message and the way home. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  const title = t('notFound.title');
  useDocumentTitle(t('documentTitle', { title }));
  return (
    <div data-testid="not-found" className="flex flex-col items-center gap-4 py-12 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-secondary">
        <Compass aria-hidden="true" className="size-7 text-muted-foreground" />
      </span>
      <h1 data-testid="screen-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {title}
      </h1>
      <p className="max-w-md text-pretty text-muted-foreground">{t('notFound.description')}</p>
      <Link to="/" className={buttonVariants({ variant: 'primary' })}>
        <House aria-hidden="true" />
        {t('notFound.returnHome')}
      </Link>
    </div>
  );
}
