import type { Guard } from '@ztart/shared/roles';
import { ArrowLeft, ShieldBan } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardFooter, CardHeader } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** React Router keeps the index of its history entry; 0 means this page opened the tab. */
function canGoBack(): boolean {
  const state: unknown = window.history.state;
  const index = typeof state === 'object' && state !== null && 'idx' in state ? state.idx : undefined;
  return typeof index === 'number' && index > 0;
}

/** Spec §2: the access-denied card with the guard's message and a button that goes back. */
export function AccessDenied({ guard }: { guard: Guard }) {
  const { t } = useTranslation(['guard', 'common']);
  const navigate = useNavigate();
  const title = t('guard:deniedTitle');
  useDocumentTitle(t('common:documentTitle', { title }));
  return (
    <div className="flex justify-center py-8">
      <Card data-testid="access-denied" className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 inline-flex size-12 items-center justify-center rounded-full bg-secondary">
            <ShieldBan aria-hidden="true" className="size-6 text-destructive" />
          </span>
          <h1 data-testid="access-denied-title" className="text-xl font-semibold tracking-tight">
            {title}
          </h1>
          <p className="text-muted-foreground">{t(`guard:denied.${guard}`)}</p>
        </CardHeader>
        <CardFooter className="justify-center">
          <Button
            variant="outline"
            onClick={() => (canGoBack() ? navigate(-1) : navigate('/', { replace: true }))}
          >
            <ArrowLeft aria-hidden="true" />
            {t('guard:back')}
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
