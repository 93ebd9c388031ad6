import { languageFromTag } from '@ztart/shared/languages';
import { QR_LABEL_TEXTS } from '@ztart/shared/qr-labels';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

/** What a printed page shows: the code, whose it is, "scan to tip", and the link for those who cannot scan. */
export interface PrintContent {
  imageSrc: string;
  imageAlt: string;
  title: string;
  subtitle?: string | undefined;
  link: string;
}

/**
 * While a sheet is in the page, printing shows it alone: everything else under <body> is left
 * out (the sheet is a direct child of <body>, through a portal). On screen it is never shown.
 */
const PRINT_CSS = `
.qr-print-sheet { display: none; }
@media print {
  @page { margin: 1.5cm; }
  body:has(> .qr-print-sheet) > :not(.qr-print-sheet) { display: none !important; }
  .qr-print-sheet {
    display: flex; flex-direction: column; align-items: center; justify-content: center;
    gap: 12pt; min-height: 80vh; text-align: center; color: #000; background: #fff;
    font-family: system-ui, sans-serif;
  }
  .qr-print-sheet img { width: 11cm; height: 11cm; image-rendering: pixelated; }
  .qr-print-sheet h1 { font-size: 24pt; margin: 0; }
  .qr-print-sheet p { font-size: 14pt; margin: 0; }
  .qr-print-sheet .qr-print-caption { font-size: 18pt; font-weight: 700; }
  .qr-print-sheet .qr-print-link { font-family: ui-monospace, monospace; font-size: 12pt; word-break: break-all; }
}`;

/**
 * `print(content)` puts the sheet in the page and opens the browser's print dialog once its image
 * has loaded (printing earlier could give a page without the code); the sheet leaves after printing.
 */
export function usePrintSheet(onImageError: () => void) {
  const [content, setContent] = useState<PrintContent | null>(null);
  // Each request is a new sheet, so asking again prints again even if `afterprint` never came.
  const [request, setRequest] = useState(0);

  useEffect(() => {
    if (!content) return;
    const done = () => setContent(null);
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, [content]);

  const sheet = content ? (
    <PrintSheet
      key={request}
      content={content}
      onFailed={() => {
        setContent(null);
        onImageError();
      }}
    />
  ) : null;
  const print = useCallback((next: PrintContent) => {
    setRequest((count) => count + 1);
    setContent(next);
  }, []);
  return { print, sheet, printing: content !== null };
}

function PrintSheet({ content, onFailed }: { content: PrintContent; onFailed: () => void }) {
  const { i18n } = useTranslation();
  // The same words the downloaded images carry, in the language the person reads now.
  const { scanToTip } = QR_LABEL_TEXTS[languageFromTag(i18n.language)];
  const printed = useRef(false);
  const printOnce = () => {
    if (printed.current) return;
    printed.current = true;
    window.print();
  };
  return createPortal(
    <div className="qr-print-sheet" data-testid="qr-print-sheet">
      <style>{PRINT_CSS}</style>
      <img
        src={content.imageSrc}
        alt={content.imageAlt}
        ref={(image) => {
          // Already in the browser's cache: no load event will come.
          if (image?.complete && image.naturalWidth > 0) printOnce();
        }}
        onLoad={printOnce}
        onError={onFailed}
      />
      <h1>{content.title}</h1>
      {content.subtitle ? <p>{content.subtitle}</p> : null}
      <p className="qr-print-caption">{scanToTip}</p>
      <p className="qr-print-link">{content.link}</p>
    </div>,
    document.body,
  );
}
