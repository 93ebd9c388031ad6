import { ztartagOfContactQr } from '@ztart/shared/contracts/contacts';
import { ImageUp } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraScanner } from '@/components/qr-scan/camera-scanner';
import { decodeQrFromFile } from '@/components/qr-scan/decode-qr';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { CONTACT_QR_URL } from '@/features/contacts/api/contacts';

/** The ztartag of a contact QR of this app (`<our origin>/@<ztartag>`), or null for any other code. */
export function contactQrTag(text: string, origin: string = window.location.origin): string | null {
  try {
    if (new URL(text.trim()).origin !== origin) return null;
  } catch {
    return null;
  }
  return ztartagOfContactQr(text);
}

export interface ContactQrPanelProps {
  ztartag: string | null;
  /** A valid contact QR was scanned: add that person. */
  onScanned: (ztartag: string) => void;
}

/** My contact QR, to show to someone, and the scanner for theirs. */
export function ContactQrPanel({ ztartag, onScanned }: ContactQrPanelProps) {
  const { t } = useTranslation(['contacts', 'validation']);
  const fileInput = useRef<HTMLInputElement>(null);
  const [invalid, setInvalid] = useState(false);
  const [scanKey, setScanKey] = useState(0);

  const handleText = (text: string) => {
    const tag = contactQrTag(text);
    setInvalid(tag === null);
    if (tag) {
      setScanKey((key) => key + 1);
      onScanned(tag);
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let text: string | null = null;
    try {
      text = await decodeQrFromFile(file);
    } catch {
      text = null;
    }
    handleText(text ?? '');
  };

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>{t('qr.mineTitle')}</CardTitle>
          <CardDescription>{t('qr.mineDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-2">
          {ztartag ? (
            <>
              <img
                src={`${CONTACT_QR_URL}?size=512`}
                alt={t('qr.mineAlt', { ztartag })}
                width={256}
                height={256}
                className="size-64 rounded-lg border bg-white"
              />
              <p className="text-sm text-muted-foreground">@{ztartag}</p>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">{t('qr.needsTag')}</p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('qr.scanTitle')}</CardTitle>
          <CardDescription>{t('qr.scanDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <CameraScanner key={scanKey} onText={handleText} />
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="contact-qr-image-input"
            onChange={(event) => void onFile(event)}
          />
          <Button variant="outline" className="self-start" onClick={() => fileInput.current?.click()}>
            <ImageUp aria-hidden="true" />
            {t('qr.fromImage')}
          </Button>
          <div aria-live="polite">
            {invalid ? <FormAlert>{t('validation:invalidContactQr')}</FormAlert> : null}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
