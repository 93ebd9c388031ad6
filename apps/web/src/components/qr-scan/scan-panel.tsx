import { ExternalLink, ImageUp, Landmark, RotateCcw } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/money/money';
import { CameraScanner } from '@/components/qr-scan/camera-scanner';
import { classifyScan, type PixScan, type ScanResult } from '@/components/qr-scan/classify-scan';
import { CopyButton } from '@/components/qr-scan/copy-button';
import { decodeQrFromFile } from '@/components/qr-scan/decode-qr';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { useErrorMessage } from '@/hooks/use-error-message';

/** What the panel shows after a scan. `no_code`: the picture holds no QR code we could read. */
type Outcome = ScanResult | { kind: 'no_code' } | { kind: 'reading' };

export interface ScanPanelProps {
  /** Opens a link of ours with a full page load (the server or the quick-tip page answers it). */
  openLink?: (url: string) => void;
  /** The origins whose links are ours; the app's own by default. */
  origins?: readonly string[];
}

function openInPage(url: string) {
  window.location.assign(url);
}

/**
 * The scanner: the camera, or a picture of a code. Links of ours open at once; a PIX code shows
 * what it asks; anything else is an 'Invalid QR Code'.
 */
export function ScanPanel({ openLink = openInPage, origins }: ScanPanelProps) {
  const { t } = useTranslation('qr');
  const errorMessage = useErrorMessage();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [scanKey, setScanKey] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);

  const handleText = useCallback(
    (text: string) => {
      const result = classifyScan(text, origins ?? [window.location.origin]);
      setOutcome(result);
      if (result.kind === 'short_link' || result.kind === 'tip_link') openLink(result.url);
    },
    [openLink, origins],
  );

  // Reading a picture is slow on old phones: a result for a picture chosen before is dropped.
  const readRequest = useRef(0);
  useEffect(
    () => () => {
      readRequest.current += 1;
    },
    [],
  );

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const request = ++readRequest.current;
    setOutcome({ kind: 'reading' });
    let text: string | null;
    try {
      text = await decodeQrFromFile(file);
    } catch {
      text = null;
    }
    if (request !== readRequest.current) return;
    if (text === null) setOutcome({ kind: 'no_code' });
    else handleText(text);
  };

  const again = () => {
    setOutcome(null);
    setScanKey((key) => key + 1);
  };

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle>{t('scan.title')}</CardTitle>
          <CardDescription>{t('scan.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <CameraScanner key={scanKey} onText={handleText} />
          <div className="flex flex-col gap-2 border-t pt-4">
            <p className="text-sm text-muted-foreground">{t('scan.imageHint')}</p>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="qr-image-input"
              onChange={(event) => void onFile(event)}
            />
            <div>
              <Button variant="outline" onClick={() => fileInput.current?.click()}>
                <ImageUp aria-hidden="true" />
                {t('scan.fromImage')}
              </Button>
            </div>
          </div>
        </CardContent>
      </Card>
      <div aria-live="polite" data-testid="scan-outcome">
        {outcome ? <OutcomeView outcome={outcome} errorMessage={errorMessage} onAgain={again} /> : null}
      </div>
    </div>
  );
}

function OutcomeView({
  outcome,
  errorMessage,
  onAgain,
}: {
  outcome: Outcome;
  errorMessage: (code: string) => string;
  onAgain: () => void;
}) {
  const { t } = useTranslation('qr');
  const againButton = (
    <Button variant="outline" className="self-start" onClick={onAgain}>
      <RotateCcw aria-hidden="true" />
      {t('scan.again')}
    </Button>
  );
  switch (outcome.kind) {
    case 'reading':
      return <p className="text-sm text-muted-foreground">{t('scan.reading')}</p>;
    case 'short_link':
    case 'tip_link':
      return (
        <FormAlert variant="success">
          <p>{t('scan.opening')}</p>
          <a href={outcome.url} className="inline-flex items-center gap-1 font-medium underline">
            <ExternalLink aria-hidden="true" className="size-4" />
            {t('scan.openLink')}
          </a>
        </FormAlert>
      );
    case 'pix':
      return <PixResult pix={outcome} againButton={againButton} />;
    case 'no_code':
      return (
        <FormAlert>
          <p>{t('scan.noCode')}</p>
          {againButton}
        </FormAlert>
      );
    default:
      return (
        <FormAlert>
          <p>{errorMessage('invalid_qr_code')}</p>
          <p className="text-muted-foreground">{t('scan.invalidHint')}</p>
          {againButton}
        </FormAlert>
      );
  }
}

/** A PIX code of a bank: who it pays and how much, and the key and code to paste in a bank app. */
function PixResult({ pix, againButton }: { pix: PixScan; againButton: ReactNode }) {
  const { t } = useTranslation('qr');
  return (
    <Card data-testid="pix-result">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Landmark aria-hidden="true" className="size-4 text-muted-foreground" />
          {t('scan.pix.title')}
        </CardTitle>
        <CardDescription>{t('scan.pix.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
          <dt className="text-muted-foreground">{t('scan.pix.name')}</dt>
          <dd className="font-medium break-words">
            {pix.merchantName}
            {pix.merchantCity ? <span className="text-muted-foreground"> · {pix.merchantCity}</span> : null}
          </dd>
          <dt className="text-muted-foreground">{t('scan.pix.amount')}</dt>
          <dd>
            {pix.amountMinor !== null && pix.currency !== null ? (
              <Money amountMinor={pix.amountMinor} currency={pix.currency} className="font-semibold" />
            ) : (
              t('scan.pix.anyAmount')
            )}
          </dd>
          {pix.key ? (
            <>
              <dt className="text-muted-foreground">{t('scan.pix.key')}</dt>
              <dd className="font-mono break-all" data-testid="pix-key">
                {pix.key}
              </dd>
            </>
          ) : null}
          {pix.description ? (
            <>
              <dt className="text-muted-foreground">{t('scan.pix.note')}</dt>
              <dd className="break-words">{pix.description}</dd>
            </>
          ) : null}
        </dl>
        <div className="flex flex-wrap gap-2">
          {pix.key ? (
            <CopyButton
              text={pix.key}
              label={t('scan.pix.copyKey')}
              copiedMessage={t('scan.pix.keyCopied')}
            />
          ) : null}
          <CopyButton
            text={pix.payload}
            label={t('scan.pix.copyCode')}
            copiedMessage={t('scan.pix.codeCopied')}
          />
          {againButton}
        </div>
      </CardContent>
    </Card>
  );
}
