import { type PublicQrCode, QR_SHORT_CODE_PATTERN } from '@ztart/shared/contracts/qr-codes';
import type { GeoPosition } from '@ztart/shared/dynamic-qr';
import { ExternalLink, HandCoins, MessageSquareText, QrCode, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Money } from '@/components/money/money';
import { PageHeader } from '@/components/page-header';
import { usePublicQrCode } from '@/components/qr-scan/api/get-public-qr-code';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { quickTipPathOf } from '@/features/qr/links';
import { useErrorMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';

/** The scanner's position when the scan that led here shared it (`?lat=&lon=`), so rules resolve alike. */
export function positionOf(params: URLSearchParams): GeoPosition | null {
  const lat = params.get('lat');
  const lon = params.get('lon');
  if (lat === null || lon === null) return null;
  const latitude = Number(lat);
  const longitude = Number(lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/**
 * `/qr/:code`: where a scanned code leads when it has a message to show — the message, who the
 * code belongs to, and a button to tip them. Public: the person scanning has no account.
 */
export function QrLandingPage() {
  const { code = '' } = useParams();
  const [searchParams] = useSearchParams();
  if (!QR_SHORT_CODE_PATTERN.test(code)) return <NotFound />;
  return <Landing code={code} position={positionOf(searchParams)} />;
}

function Landing({ code, position }: { code: string; position: GeoPosition | null }) {
  const { t } = useTranslation('qr');
  const errorMessage = useErrorMessage();
  const qr = usePublicQrCode(code, position);
  if (qr.isPending) return <LandingSkeleton />;
  if (qr.isError) {
    if (qr.error instanceof ApiError && qr.error.status === 404) return <NotFound />;
    return (
      <div className="flex flex-col gap-6">
        <PageHeader icon={QrCode} title={t('landing.errorTitle')} />
        <FormAlert>
          <p>{errorMessage(qr.error)}</p>
          <Button variant="outline" className="self-start" onClick={() => void qr.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      </div>
    );
  }
  return <LandingContent qr={qr.data} />;
}

function LandingContent({ qr }: { qr: PublicQrCode }) {
  const { t } = useTranslation('qr');
  const { receiver } = qr;
  const name = receiver.fullName || `@${receiver.ztartag}`;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={QrCode} title={qr.title} description={qr.description ?? undefined} />
      <Card>
        <CardContent className="flex items-center gap-3 pt-5 sm:pt-6">
          <Avatar name={name} src={receiver.avatarUrl} className="size-14" />
          <div className="min-w-0">
            <p className="font-semibold break-words">{name}</p>
            <p className="text-sm text-muted-foreground">@{receiver.ztartag}</p>
          </div>
        </CardContent>
      </Card>
      {qr.message ? (
        <Card role="region" aria-label={t('landing.messageLabel', { name })}>
          <CardContent className="flex gap-3 pt-5 sm:pt-6">
            <MessageSquareText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
            <p data-testid="qr-message" className="whitespace-pre-line break-words text-lg">
              {qr.message}
            </p>
          </CardContent>
        </Card>
      ) : null}
      {qr.amountMinor !== null ? (
        <p className="text-center">
          <span className="block text-sm text-muted-foreground">{t('landing.amount')}</span>
          <Money amountMinor={qr.amountMinor} currency={qr.currency} className="text-3xl font-semibold" />
        </p>
      ) : null}
      {/* The quick-tip page is a page of its own, not a screen of this app: a full page load. */}
      <a
        href={quickTipPathOf(qr)}
        className={buttonVariants({ size: 'lg', variant: 'brand', className: 'w-full' })}
      >
        <HandCoins aria-hidden="true" />
        {t('landing.tip', { name })}
      </a>
      {qr.redirectUrl ? (
        <a
          href={qr.redirectUrl}
          rel="noopener noreferrer nofollow"
          className={buttonVariants({ variant: 'outline', className: 'w-full' })}
        >
          <ExternalLink aria-hidden="true" />
          {t('landing.continue', { host: hostOf(qr.redirectUrl) })}
        </a>
      ) : null}
    </div>
  );
}

/** The site a link leads to, named before anyone follows it. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function NotFound() {
  const { t } = useTranslation('qr');
  return (
    <div className="flex flex-col gap-6" data-testid="qr-landing-not-found">
      <PageHeader icon={SearchX} title={t('landing.notFoundTitle')} description={t('landing.notFoundBody')} />
      <div>
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          {t('landing.home')}
        </Link>
      </div>
    </div>
  );
}

function LandingSkeleton() {
  return (
    <div className="flex flex-col gap-6" data-testid="qr-landing-loading">
      <Skeleton className="h-9 w-2/3" />
      <Card className="flex items-center gap-3 p-5">
        <Skeleton className="size-14 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-24" />
        </div>
      </Card>
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-12 w-full" />
    </div>
  );
}
