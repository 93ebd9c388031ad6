import type { Language } from './languages.ts';

/**
 * The words printed around a downloaded or printed QR code, in each language: the server draws
 * them into the PNG and SVG, the web app prints them under the code. Kept here, once, for both.
 */
export interface QrLabelTexts {
  /** Under the person's name: what the code is for. */
  scanToTip: string;
  /** The heading of a person's own tip-link code (a QR code of theirs has its own title). */
  myQrTitle: string;
}

export const QR_LABEL_TEXTS: Record<Language, QrLabelTexts> = {
  en: { scanToTip: 'Scan to tip', myQrTitle: 'Tips welcome' },
  es: { scanToTip: 'Escanea para dar propina', myQrTitle: 'Se aceptan propinas' },
  fr: { scanToTip: 'Scannez pour laisser un pourboire', myQrTitle: 'Pourboires bienvenus' },
  pt: { scanToTip: 'Escaneie para dar gorjeta', myQrTitle: 'Gorjetas são bem-vindas' },
};

/** How a downloaded code names its owner: "Ana Lima (@ana)", or "@ana" without a name. */
export function qrOwnerLine(owner: { fullName: string | null; ztartag: string }): string {
  const name = owner.fullName?.trim();
  return name ? `${name} (@${owner.ztartag})` : `@${owner.ztartag}`;
}
