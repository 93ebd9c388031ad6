import type { Business } from '@ztart/shared/contracts/businesses';
import { type QrCode, tipLinkPath } from '@ztart/shared/contracts/qr-codes';
import { Download, Plus, QrCode as QrCodeIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast/toast-store';
import { businessQrImageUrl } from '@/features/business/api/insights';
import { useBusinessQrCodes, useCreateBusinessQrCode } from '@/features/business/api/qr-codes';
import { BusinessProblem } from '@/features/business/components/business-problem';
import { ForbiddenState, isForbidden } from '@/features/business/components/forbidden-state';
import { useErrorMessage } from '@/hooks/use-error-message';

/** The business's tip link and QR codes: every table's code pays into the business wallet. */
export function BusinessQrCodes({ business }: { business: Business }) {
  const { t } = useTranslation('business');
  const errorMessage = useErrorMessage();
  const codes = useBusinessQrCodes(business.id);
  const titleId = useId();
  const tipLink = `${window.location.origin}${tipLinkPath(business.tag)}`;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('qr.title')}
      </h2>
      <div className="flex flex-col gap-1 rounded-xl border bg-muted/30 p-4">
        <p className="text-sm text-muted-foreground">{t('qr.tipLink')}</p>
        <a
          href={tipLink}
          data-testid="business-tip-link"
          className="font-medium break-all underline underline-offset-4"
        >
          {tipLink}
        </a>
      </div>
      {codes.isPending ? (
        <Skeleton className="h-40 rounded-xl" />
      ) : codes.isError ? (
        isForbidden(codes.error) ? (
          <ForbiddenState error={codes.error} testId="qr-forbidden" />
        ) : (
          <FormAlert>
            <p>{errorMessage(codes.error)}</p>
            <Button variant="outline" className="self-start" onClick={() => void codes.refetch()}>
              {t('actions.retry')}
            </Button>
          </FormAlert>
        )
      ) : (
        <>
          {codes.data.length === 0 ? (
            <p className="flex items-center gap-2 text-muted-foreground" data-testid="business-qr-empty">
              <QrCodeIcon aria-hidden="true" className="size-5" />
              {t('qr.empty')}
            </p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {codes.data.map((qr) => (
                <li key={qr.id}>
                  <BusinessQrCard businessId={business.id} qr={qr} />
                </li>
              ))}
            </ul>
          )}
          <NewQrCode business={business} />
        </>
      )}
    </section>
  );
}

/**
 * One code: its image as the server draws it for the team (any business user may see and download
 * it), name, scans, short link and downloads; a placeholder when the image cannot be drawn.
 */
function BusinessQrCard({ businessId, qr }: { businessId: string; qr: QrCode }) {
  const { t } = useTranslation('business');
  const [drawn, setDrawn] = useState(true);
  return (
    <div data-testid="business-qr" className="flex h-full flex-col gap-3 rounded-xl border bg-card p-4">
      <div className="flex items-start gap-3">
        {drawn ? (
          <img
            src={businessQrImageUrl(businessId, qr, 'svg')}
            alt={t('qr.imageAlt', { title: qr.title })}
            width={96}
            height={96}
            onError={() => setDrawn(false)}
            className="size-24 rounded-md border bg-white"
          />
        ) : (
          <span className="flex size-24 shrink-0 items-center justify-center rounded-md border bg-muted">
            <QrCodeIcon aria-hidden="true" className="size-10 text-muted-foreground" />
          </span>
        )}
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="truncate font-semibold">{qr.title}</h3>
          <p className="text-sm text-muted-foreground">{t('qr.scans', { count: qr.scanCount })}</p>
          <a
            href={qr.url}
            className="text-sm break-all underline underline-offset-4"
            data-testid="business-qr-link"
          >
            {qr.url}
          </a>
        </div>
      </div>
      {drawn ? (
        <div className="flex flex-wrap gap-2">
          {(['png', 'svg'] as const).map((format) => (
            <a
              key={format}
              href={businessQrImageUrl(businessId, qr, format, true)}
              download
              className={buttonVariants({ variant: 'outline' })}
              aria-label={t('qr.downloadOf', { format: format.toUpperCase(), title: qr.title })}
            >
              <Download aria-hidden="true" />
              {format.toUpperCase()}
            </a>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function NewQrCode({ business }: { business: Business }) {
  const { t } = useTranslation('business');
  const create = useCreateBusinessQrCode(business.id);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') {
      setError(t('qr.titleRequired'));
      return;
    }
    create.mutate(
      {
        title: title.trim(),
        kind: 'tip_link',
        amountMinor: null,
        currency: business.currency,
        emv: { profile: 'none' },
      },
      {
        onSuccess: (qr) => {
          toast({ title: t('qr.created', { title: qr.title }), variant: 'success' });
          setTitle('');
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <TextField
        label={t('qr.newTitle')}
        hint={t('qr.newHint')}
        value={title}
        maxLength={100}
        error={error}
        onChange={(event) => {
          setTitle(event.target.value);
          setError(undefined);
        }}
      />
      {create.isError ? <BusinessProblem error={create.error} /> : null}
      <Button type="submit" className="self-start" disabled={create.isPending}>
        <Plus aria-hidden="true" />
        {create.isPending ? t('qr.creating') : t('qr.create')}
      </Button>
    </form>
  );
}
