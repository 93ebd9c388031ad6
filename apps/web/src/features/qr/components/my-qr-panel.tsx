import { AtSign, Printer, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyButton } from '@/components/qr-scan/copy-button';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/toast/toast-store';
import { DownloadButtons } from '@/features/qr/components/download-buttons';
import { usePrintSheet } from '@/features/qr/components/print-sheet';
import { myQrImagePath, tipLinkOf } from '@/features/qr/links';
import { useErrorMessage } from '@/hooks/use-error-message';
import { displayNameOf, type SignedInAuth } from '@/lib/auth/auth-context';

function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** "My QR": the person's tip link as a QR code, to show, share, download and print. */
export function MyQrPanel({ auth }: { auth: SignedInAuth }) {
  const { t } = useTranslation('qr');
  const ztartag = auth.profile?.ztartag ?? null;
  if (!ztartag) {
    return (
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <AtSign aria-hidden="true" className="size-4 text-muted-foreground" />
            {t('my.noTagTitle')}
          </CardTitle>
          <CardDescription>{t('my.noTagBody')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/account?tab=profile" className={buttonVariants()}>
            {t('my.chooseTag')}
          </Link>
        </CardContent>
      </Card>
    );
  }
  return <MyQrCard auth={auth} ztartag={ztartag} />;
}

function MyQrCard({ auth, ztartag }: { auth: SignedInAuth; ztartag: string }) {
  const { t } = useTranslation('qr');
  const errorMessage = useErrorMessage();
  const [imageFailed, setImageFailed] = useState(false);
  const link = tipLinkOf(ztartag);
  const name = displayNameOf(auth);
  const imageAlt = t('my.imageAlt', { link });
  const failed = () => toast({ title: errorMessage('qr_generation_failed'), variant: 'destructive' });
  const { print, sheet, printing } = usePrintSheet(failed);

  const share = async () => {
    try {
      await navigator.share({ title: t('my.shareTitle', { name }), text: t('my.shareText'), url: link });
    } catch {
      // Closing the share sheet rejects too: nothing to report.
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('my.title')}</CardTitle>
        <CardDescription>{t('my.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
        <div className="flex size-60 shrink-0 items-center justify-center rounded-xl border bg-white p-3">
          {auth.demo ? (
            <p className="p-4 text-center text-sm text-neutral-700">{errorMessage('demo_mode')}</p>
          ) : imageFailed ? (
            <FormAlert>{errorMessage('qr_generation_failed')}</FormAlert>
          ) : (
            <img
              src={myQrImagePath('svg')}
              alt={imageAlt}
              width={216}
              height={216}
              className="size-full"
              onError={() => setImageFailed(true)}
            />
          )}
        </div>
        <div className="flex w-full min-w-0 flex-col gap-4">
          <div className="flex flex-col gap-1">
            <p className="font-semibold">{name}</p>
            <p className="text-sm text-muted-foreground">@{ztartag}</p>
          </div>
          <div className="flex flex-col gap-1.5">
            <p className="text-sm font-medium">{t('my.linkLabel')}</p>
            <p
              data-testid="my-tip-link"
              className="break-all rounded-lg border bg-muted/40 px-3 py-2 font-mono text-sm"
            >
              {link}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <CopyButton text={link} label={t('copy.link')} copiedMessage={t('copy.linkCopied')} />
            {canShare() ? (
              <Button variant="outline" onClick={() => void share()}>
                <Share2 aria-hidden="true" />
                {t('my.share')}
              </Button>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <DownloadButtons
              paths={{
                png: myQrImagePath('png', { download: true }),
                svg: myQrImagePath('svg', { download: true }),
              }}
              fileNames={{ png: `ztart-${ztartag}.png`, svg: `ztart-${ztartag}.svg` }}
            />
            <Button
              variant="outline"
              disabled={printing || auth.demo}
              onClick={() =>
                print({
                  imageSrc: myQrImagePath('svg'),
                  imageAlt,
                  title: name,
                  subtitle: `@${ztartag}`,
                  link,
                })
              }
            >
              <Printer aria-hidden="true" />
              {t('print.button')}
            </Button>
          </div>
        </div>
      </CardContent>
      {sheet}
    </Card>
  );
}
