import { type QrCode, qrCodeParamsSchema } from '@ztart/shared/contracts/qr-codes';
import { ArrowLeft, Printer, QrCode as QrCodeIcon, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { CopyButton } from '@/components/qr-scan/copy-button';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast/toast-store';
import { useQrCode } from '@/features/qr/api/get-qr-code';
import { useUpdateQrCode } from '@/features/qr/api/update-qr-code';
import { DownloadButtons } from '@/features/qr/components/download-buttons';
import { DynamicQrManager } from '@/features/qr/components/dynamic-qr-manager';
import { usePrintSheet } from '@/features/qr/components/print-sheet';
import { QrCodeForm } from '@/features/qr/components/qr-code-form';
import { imageFileName, qrCodeImagePath } from '@/features/qr/links';
import { qrFormValuesOf } from '@/features/qr/qr-form';
import { useErrorMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';
import { displayNameOf, useAuth } from '@/lib/auth/auth-context';

/** `/qr-codes/{id}/edit`: the code's image, its details, and the dynamic QR manager. */
export function QrCodeEditPage() {
  const { t } = useTranslation(['screens', 'qr']);
  const { id = '' } = useParams();
  // An id that cannot be one of ours is not asked for: it is simply not found.
  const validId = qrCodeParamsSchema.safeParse({ id }).success;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link to="/qr-codes?tab=codes" className={buttonVariants({ variant: 'ghost', className: '-ml-3' })}>
          <ArrowLeft aria-hidden="true" />
          {t('qr:edit.back')}
        </Link>
      </div>
      <PageHeader
        icon={QrCodeIcon}
        title={t('screens:qrCodeEdit.title')}
        description={t('screens:qrCodeEdit.description')}
      />
      {validId ? <EditQrCode id={id} /> : <NotFound />}
    </div>
  );
}

function EditQrCode({ id }: { id: string }) {
  const { t } = useTranslation('qr');
  const errorMessage = useErrorMessage();
  const qr = useQrCode(id);
  if (qr.isPending) return <EditSkeleton />;
  if (qr.isError) {
    if (qr.error instanceof ApiError && qr.error.status === 404) return <NotFound />;
    return (
      <FormAlert>
        <p>{errorMessage(qr.error)}</p>
        <Button variant="outline" className="self-start" onClick={() => void qr.refetch()}>
          {t('actions.retry')}
        </Button>
      </FormAlert>
    );
  }
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <QrPreviewCard qr={qr.data} />
      <div className="flex min-w-0 flex-col gap-6">
        <DetailsCard key={`details-${qr.data.id}`} qr={qr.data} />
        <DynamicQrManager key={`dynamic-${qr.data.id}`} qr={qr.data} />
      </div>
    </div>
  );
}

function QrPreviewCard({ qr }: { qr: QrCode }) {
  const { t } = useTranslation('qr');
  const errorMessage = useErrorMessage();
  const [imageFailed, setImageFailed] = useState(false);
  const failed = () => toast({ title: errorMessage('qr_generation_failed'), variant: 'destructive' });
  const { print, sheet, printing } = usePrintSheet(failed);
  const auth = useAuth();
  const owner = auth.status === 'signedIn' ? displayNameOf(auth) : undefined;
  const imageAlt = t('list.imageAlt', { title: qr.title, link: qr.url });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{qr.title}</CardTitle>
        <CardDescription>{t('edit.scans', { count: qr.scanCount })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4">
        <div className="flex size-56 items-center justify-center rounded-xl border bg-white p-3">
          {imageFailed ? (
            <FormAlert>{errorMessage('qr_generation_failed')}</FormAlert>
          ) : (
            <img
              src={qrCodeImagePath(qr, 'svg')}
              alt={imageAlt}
              width={200}
              height={200}
              className="size-full"
              onError={() => setImageFailed(true)}
            />
          )}
        </div>
        <p className="w-full break-all rounded-lg border bg-muted/40 px-3 py-2 font-mono text-sm">{qr.url}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <CopyButton text={qr.url} label={t('copy.link')} copiedMessage={t('copy.linkCopied')} />
          <DownloadButtons
            paths={{
              png: qrCodeImagePath(qr, 'png', { download: true }),
              svg: qrCodeImagePath(qr, 'svg', { download: true }),
            }}
            fileNames={{ png: imageFileName(qr.title, 'png'), svg: imageFileName(qr.title, 'svg') }}
          />
          <Button
            variant="outline"
            disabled={printing}
            onClick={() =>
              print({
                imageSrc: qrCodeImagePath(qr, 'svg'),
                imageAlt,
                title: qr.title,
                subtitle: owner,
                link: qr.url,
              })
            }
          >
            <Printer aria-hidden="true" />
            {t('print.button')}
          </Button>
        </div>
        {qr.emvPayload ? <p className="text-sm text-muted-foreground">{t('edit.emvNote')}</p> : null}
      </CardContent>
      {sheet}
    </Card>
  );
}

function DetailsCard({ qr }: { qr: QrCode }) {
  const { t, i18n } = useTranslation('qr');
  const update = useUpdateQrCode();
  const [initialValues] = useState(() => qrFormValuesOf(qr, i18n.language));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('edit.detailsTitle')}</CardTitle>
        <CardDescription>{t('edit.detailsDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <QrCodeForm
          initialValues={initialValues}
          submitLabel={t('edit.save')}
          isPending={update.isPending}
          error={update.error}
          onEdit={() => update.reset()}
          onSubmit={({ dynamic: _dynamic, ...changes }) =>
            update.mutate(
              { id: qr.id, changes },
              { onSuccess: () => toast({ title: t('edit.saved'), variant: 'success' }) },
            )
          }
        />
      </CardContent>
    </Card>
  );
}

function NotFound() {
  const { t } = useTranslation('qr');
  return (
    <div
      data-testid="qr-code-not-found"
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center"
    >
      <SearchX aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">{t('edit.notFound')}</p>
      <Link to="/qr-codes?tab=codes" className={buttonVariants({ variant: 'outline' })}>
        {t('edit.back')}
      </Link>
    </div>
  );
}

function EditSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]" data-testid="qr-code-loading">
      <Card className="flex flex-col items-center gap-4 p-6">
        <Skeleton className="size-56" />
        <Skeleton className="h-9 w-full" />
      </Card>
      <Card className="flex flex-col gap-4 p-6">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-11 w-full" />
      </Card>
    </div>
  );
}
