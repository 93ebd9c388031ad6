import type { QrCode } from '@ztart/shared/contracts/qr-codes';
import type { Currency } from '@ztart/shared/money';
import { Pencil, Plus, Printer, QrCode as QrCodeIcon, Sparkles, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '@/components/money/money';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast/toast-store';
import { useCreateQrCode } from '@/features/qr/api/create-qr-code';
import { useDeleteQrCode } from '@/features/qr/api/delete-qr-code';
import { useQrCodes } from '@/features/qr/api/get-qr-codes';
import { DownloadButtons } from '@/features/qr/components/download-buttons';
import { type PrintContent, usePrintSheet } from '@/features/qr/components/print-sheet';
import { QrCodeForm } from '@/features/qr/components/qr-code-form';
import { imageFileName, qrCodeImagePath } from '@/features/qr/links';
import { emptyQrFormValues } from '@/features/qr/qr-form';
import { useErrorMessage } from '@/hooks/use-error-message';
import { displayNameOf, type SignedInAuth } from '@/lib/auth/auth-context';

/** The currency a new code starts in: reais for Portuguese speakers, else dollars; the form can change it. */
function defaultCurrency(language: string): Currency {
  return language.startsWith('pt') ? 'BRL' : 'USD';
}

/** "My codes": the person's QR codes with their scans, and creating, printing and deleting them. */
export function MyCodesPanel({ auth }: { auth: SignedInAuth }) {
  const { t } = useTranslation('qr');
  const codes = useQrCodes();
  const errorMessage = useErrorMessage();
  const [creating, setCreating] = useState(false);
  const failed = () => toast({ title: errorMessage('qr_generation_failed'), variant: 'destructive' });
  const { print, sheet, printing } = usePrintSheet(failed);
  const owner = displayNameOf(auth);
  const titleId = useId();

  const newButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" />
      {t('list.new')}
    </Button>
  );

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('list.title')}
        </h2>
        {codes.isSuccess && codes.data.length > 0 ? newButton : null}
      </div>
      {codes.isPending ? <ListSkeleton /> : null}
      {codes.isError ? (
        <FormAlert>
          <p>{errorMessage(codes.error)}</p>
          <Button variant="outline" className="self-start" onClick={() => void codes.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      ) : null}
      {codes.isSuccess && codes.data.length === 0 ? (
        <div
          data-testid="qr-codes-empty"
          className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center"
        >
          <QrCodeIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="text-muted-foreground">{t('list.empty')}</p>
          {newButton}
        </div>
      ) : null}
      {codes.isSuccess && codes.data.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {codes.data.map((qr) => (
            <li key={qr.id}>
              <QrCodeItem
                qr={qr}
                printing={printing}
                onPrint={(content) => print({ ...content, subtitle: owner })}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <Dialog
        open={creating}
        onOpenChange={setCreating}
        title={t('create.title')}
        closeLabel={t('actions.close')}
        className="max-w-lg"
      >
        {creating ? <CreateQrCode auth={auth} onDone={() => setCreating(false)} /> : null}
      </Dialog>
      {sheet}
    </section>
  );
}

function CreateQrCode({ auth, onDone }: { auth: SignedInAuth; onDone: () => void }) {
  const { t, i18n } = useTranslation('qr');
  const create = useCreateQrCode();
  const [initialValues] = useState(() =>
    emptyQrFormValues({ currency: defaultCurrency(i18n.language), merchantName: auth.profile?.fullName }),
  );
  return (
    <QrCodeForm
      initialValues={initialValues}
      submitLabel={t('create.submit')}
      isPending={create.isPending}
      error={create.error}
      onEdit={() => create.reset()}
      onCancel={onDone}
      onSubmit={(body) =>
        create.mutate(body, {
          onSuccess: (qr) => {
            toast({ title: t('create.done', { title: qr.title }), variant: 'success' });
            onDone();
          },
        })
      }
    />
  );
}

function QrCodeItem({
  qr,
  printing,
  onPrint,
}: {
  qr: QrCode;
  printing: boolean;
  onPrint: (content: PrintContent) => void;
}) {
  const { t } = useTranslation('qr');
  const [confirming, setConfirming] = useState(false);
  const imageAlt = t('list.imageAlt', { title: qr.title, link: qr.url });
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start" data-testid="qr-code-item">
      <img
        src={qrCodeImagePath(qr, 'svg')}
        alt={imageAlt}
        width={96}
        height={96}
        loading="lazy"
        className="size-24 shrink-0 rounded-lg border bg-white p-1"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold break-words">{qr.title}</h3>
          {qr.dynamic.enabled ? (
            <Badge variant="brand">
              <Sparkles aria-hidden="true" className="size-3" />
              {t('list.dynamic')}
            </Badge>
          ) : null}
          {qr.emv.profile !== 'none' ? <Badge>{t(`list.emv.${qr.emv.profile}`)}</Badge> : null}
        </div>
        {qr.description ? (
          <p className="text-sm text-muted-foreground break-words">{qr.description}</p>
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t('list.kind')}</dt>
          <dd>{t(`kinds.${qr.kind}`)}</dd>
          <dt className="text-muted-foreground">{t('list.amount')}</dt>
          <dd>
            {qr.amountMinor === null ? (
              t('list.anyAmount', { currency: qr.currency })
            ) : (
              <Money amountMinor={qr.amountMinor} currency={qr.currency} className="font-medium" />
            )}
          </dd>
          <dt className="text-muted-foreground">{t('list.scansLabel')}</dt>
          <dd className="tabular-nums">{t('list.scans', { count: qr.scanCount })}</dd>
        </dl>
        <p className="break-all font-mono text-xs text-muted-foreground">{qr.url}</p>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/qr-codes/${encodeURIComponent(qr.id)}/edit`}
            className={buttonVariants({ variant: 'outline' })}
            aria-label={t('list.editLabel', { title: qr.title })}
          >
            <Pencil aria-hidden="true" />
            {t('list.edit')}
          </Link>
          <DownloadButtons
            itemName={qr.title}
            paths={{
              png: qrCodeImagePath(qr, 'png', { download: true }),
              svg: qrCodeImagePath(qr, 'svg', { download: true }),
            }}
            fileNames={{ png: imageFileName(qr.title, 'png'), svg: imageFileName(qr.title, 'svg') }}
          />
          <Button
            variant="outline"
            disabled={printing}
            aria-label={t('print.itemLabel', { title: qr.title })}
            onClick={() =>
              onPrint({ imageSrc: qrCodeImagePath(qr, 'svg'), imageAlt, title: qr.title, link: qr.url })
            }
          >
            <Printer aria-hidden="true" />
            {t('print.button')}
          </Button>
          <Button
            variant="ghost"
            aria-label={t('delete.label', { title: qr.title })}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" />
            {t('delete.button')}
          </Button>
        </div>
      </div>
      {confirming ? <DeleteDialog qr={qr} onClose={() => setConfirming(false)} /> : null}
    </Card>
  );
}

function DeleteDialog({ qr, onClose }: { qr: QrCode; onClose: () => void }) {
  const { t } = useTranslation('qr');
  const errorMessage = useErrorMessage();
  const remove = useDeleteQrCode();
  const confirm = () =>
    remove.mutate(qr.id, {
      onSuccess: () => {
        toast({ title: t('delete.done', { title: qr.title }), variant: 'success' });
        onClose();
      },
    });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={t('delete.title', { title: qr.title })}
      description={t('delete.body')}
      closeLabel={t('actions.close')}
    >
      {remove.isError ? <FormAlert>{errorMessage(remove.error)}</FormAlert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>
          {t('delete.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-3" data-testid="qr-codes-loading">
      {[0, 1, 2].map((row) => (
        <Card key={row} className="flex gap-3 p-4">
          <Skeleton className="size-24 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-4 w-20" />
          </div>
        </Card>
      ))}
    </div>
  );
}
