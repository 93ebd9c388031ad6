import QRCode from 'qrcode';
import { AppError } from '../../http/errors.ts';

/** M restores about 15% of a damaged symbol: enough for print, without the size cost of Q or H. */
const ERROR_CORRECTION = 'M';
/** The quiet zone the QR standard asks for, in modules. */
const QUIET_ZONE_MODULES = 4;

export type QrImageFormat = 'png' | 'svg';
export const QR_IMAGE_CONTENT_TYPES: Record<QrImageFormat, string> = {
  png: 'image/png',
  svg: 'image/svg+xml; charset=utf-8',
};

// Only text past the capacity of the largest symbol fails; ours (a link, an EMV payload of at most
// 512 characters) are far below it.
function generationFailed(error: unknown): AppError {
  return new AppError('qr_generation_failed', { cause: error });
}

function symbolOf(text: string) {
  try {
    return QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION });
  } catch (error) {
    throw generationFailed(error);
  }
}

/** A square PNG of `sizePx` pixels, quiet zone included. */
export async function qrPng(text: string, sizePx: number): Promise<Buffer> {
  try {
    return await QRCode.toBuffer(text, {
      type: 'png',
      errorCorrectionLevel: ERROR_CORRECTION,
      margin: QUIET_ZONE_MODULES,
      width: sizePx,
    });
  } catch (error) {
    throw generationFailed(error);
  }
}

/**
 * A square SVG of `sizePx` pixels whose viewBox is the same square, so it drops into a page or a
 * print layout at that size. The dark modules are one path drawn in module units, scaled once.
 */
export function qrSvg(text: string, sizePx: number): string {
  const { modules } = symbolOf(text);
  const moduleCount = modules.size;
  const scale = sizePx / (moduleCount + 2 * QUIET_ZONE_MODULES);
  let path = '';
  for (let y = 0; y < moduleCount; y++) {
    let runStart = -1;
    for (let x = 0; x <= moduleCount; x++) {
      const dark = x < moduleCount && modules.get(y, x) === 1;
      if (dark && runStart === -1) runStart = x;
      if (!dark && runStart !== -1) {
        const width = x - runStart;
        path += `M${runStart + QUIET_ZONE_MODULES} ${y + QUIET_ZONE_MODULES}h${width}v1h-${width}z`;
        runStart = -1;
      }
    }
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${sizePx}" height="${sizePx}" ` +
    `viewBox="0 0 ${sizePx} ${sizePx}" shape-rendering="crispEdges">` +
    `<rect width="${sizePx}" height="${sizePx}" fill="#ffffff"/>` +
    `<path fill="#000000" transform="scale(${Number(scale.toFixed(6))})" d="${path}"/>` +
    '</svg>\n'
  );
}

/**
 * `attachment; filename="ztart-qr-coffee-tips.png"`: a name readable in a downloads folder, in
 * plain ASCII so that every browser keeps it ("Café" → "cafe"); `fallback` when nothing is left.
 */
export function attachmentOf(
  file: { prefix: string; name: string; fallback: string },
  format: QrImageFormat,
): string {
  const slug = file.name
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `attachment; filename="${file.prefix}${slug || file.fallback}.${format}"`;
}
