import { languageFromTag } from '@ztart/shared/languages';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast/toast-store';
import { downloadFile } from '@/features/qr/download';
import type { QrImageFormat } from '@/features/qr/links';
import { useFailureMessage } from '@/hooks/use-error-message';

export interface DownloadButtonsProps {
  /** The image's address per format, with `download=1`. */
  paths: Record<QrImageFormat, string>;
  /** The file name per format when the server gives none. */
  fileNames: Record<QrImageFormat, string>;
  /** In a list, whose image it is: read by screen readers ("Download PNG of Summer gig"). */
  itemName?: string;
}

/** A download's address with the language its label is written in: the one the person reads now. */
export function labelledPath(path: string, language: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}lang=${languageFromTag(language)}`;
}

/**
 * "Download PNG" and "Download SVG": the server labels the file with a title, the owner's name and
 * "scan to tip". A failure says why ('QR generation failed' at worst).
 */
export function DownloadButtons({ paths, fileNames, itemName }: DownloadButtonsProps) {
  const { t, i18n } = useTranslation('qr');
  const failureMessage = useFailureMessage();
  const [pending, setPending] = useState<QrImageFormat | null>(null);

  const download = async (format: QrImageFormat) => {
    setPending(format);
    try {
      await downloadFile(labelledPath(paths[format], i18n.language), fileNames[format]);
    } catch (error) {
      toast({ title: failureMessage(error, 'qr_generation_failed'), variant: 'destructive' });
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      {(['png', 'svg'] as const).map((format) => (
        <Button
          key={format}
          variant="outline"
          disabled={pending !== null}
          aria-busy={pending === format || undefined}
          aria-label={
            itemName ? t('download.itemLabel', { format: format.toUpperCase(), name: itemName }) : undefined
          }
          onClick={() => void download(format)}
        >
          <Download aria-hidden="true" />
          {format === 'png' ? t('download.png') : t('download.svg')}
        </Button>
      ))}
    </>
  );
}
