import { AtSign, Copy, ExternalLink, Link2, QrCode, Share2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { INPUT_CLASS } from '@/components/ui/field';
import { useCopy } from '@/features/tips/components/copy-to-clipboard';
import { tipLinkOf } from '@/features/tips/quick-tip-link';
import { cn } from '@/lib/cn';

/** The person's tip link: copy it, share it, open it, or go to My QR that encodes it. */
export function TipLinkCard({ ztartag, name }: { ztartag: string | null; name: string }) {
  const { t } = useTranslation('tips');
  const titleId = useId();
  const inputId = useId();
  const copy = useCopy();
  const link = ztartag ? tipLinkOf(ztartag) : null;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const share = async () => {
    if (!link) return;
    try {
      await navigator.share({ title: t('link.shareTitle', { name }), text: t('link.shareText'), url: link });
    } catch {
      // Closing the share sheet rejects too: nothing to tell.
    }
  };

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Link2 aria-hidden="true" className="size-4 text-muted-foreground" />
          {t('link.title')}
        </CardTitle>
        <CardDescription>{t('link.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {link ? (
          <>
            <label htmlFor={inputId} className="sr-only">
              {t('link.label')}
            </label>
            <input
              id={inputId}
              data-testid="tip-link"
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
              className={cn(INPUT_CLASS, 'font-mono text-sm')}
            />
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void copy(link, t('link.copied'))}>
                <Copy aria-hidden="true" />
                {t('link.copy')}
              </Button>
              {canShare ? (
                <Button variant="outline" onClick={() => void share()}>
                  <Share2 aria-hidden="true" />
                  {t('link.share')}
                </Button>
              ) : null}
              <Link to="/qr-codes" className={buttonVariants({ variant: 'outline' })}>
                <QrCode aria-hidden="true" />
                {t('link.myQr')}
              </Link>
              <a href={link} target="_blank" rel="noopener" className={buttonVariants({ variant: 'ghost' })}>
                <ExternalLink aria-hidden="true" />
                {t('link.open')}
              </a>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm">{t('link.needTag')}</p>
            <Link
              to="/account?tab=profile"
              className={buttonVariants({ variant: 'outline', className: 'self-start' })}
            >
              <AtSign aria-hidden="true" />
              {t('link.chooseTag')}
            </Link>
          </>
        )}
      </CardContent>
    </Card>
  );
}
