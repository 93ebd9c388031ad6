import QRCode from 'qrcode';
import sharp from 'sharp';
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

/** The dark modules as one path in module units, and the scale that makes the symbol `sizePx` wide. */
function qrPathOf(text: string, sizePx: number): { path: string; scale: number } {
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
  return { path, scale: Number(scale.toFixed(6)) };
}

function qrPathElement(text: string, sizePx: number, offsetY = 0): string {
  const { path, scale } = qrPathOf(text, sizePx);
  const translate = offsetY === 0 ? '' : `translate(0 ${offsetY}) `;
  return `<path fill="#000000" transform="${translate}scale(${scale})" d="${path}"/>`;
}

function svgDocument(widthPx: number, heightPx: number, body: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${widthPx}" height="${heightPx}" ` +
    `viewBox="0 0 ${widthPx} ${heightPx}" shape-rendering="crispEdges">` +
    body +
    '</svg>\n'
  );
}

/**
 * A square SVG of `sizePx` pixels whose viewBox is the same square, so it drops into a page or a
 * print layout at that size. The dark modules are one path drawn in module units, scaled once.
 */
export function qrSvg(text: string, sizePx: number): string {
  return svgDocument(
    sizePx,
    sizePx,
    `<rect width="${sizePx}" height="${sizePx}" fill="#ffffff"/>${qrPathElement(text, sizePx)}`,
  );
}

/** What a downloaded code says around it: a title above, whose it is and what it is for below. */
export interface QrLabel {
  title: string;
  owner: string;
  caption: string;
}

/** Where the label's lines go around a code `sizePx` wide: bands above and below the square. */
function labelLayout(sizePx: number) {
  const titleFontPx = Math.round(sizePx * 0.075);
  const ownerFontPx = Math.round(sizePx * 0.048);
  const captionFontPx = Math.round(sizePx * 0.055);
  const paddingPx = Math.round(sizePx * 0.05);
  const headerPx = paddingPx + Math.round(titleFontPx * 1.3);
  // The quiet zone is part of the square: the words start below it, never inside.
  const ownerBaselinePx = headerPx + sizePx + Math.round(ownerFontPx * 1.2);
  const captionBaselinePx = ownerBaselinePx + Math.round(captionFontPx * 1.5);
  return {
    titleFontPx,
    ownerFontPx,
    captionFontPx,
    headerPx,
    titleBaselinePx: paddingPx + titleFontPx,
    ownerBaselinePx,
    captionBaselinePx,
    heightPx: captionBaselinePx + paddingPx,
  };
}

/** The width a line may take, and a font size that fits it there (shortened with "…" at the smallest). */
function fittedLine(text: string, fontPx: number, maxWidthPx: number): { text: string; fontPx: number } {
  // A sans-serif glyph is about 0.6 of the font size wide on average (bold included).
  const widthOf = (value: string, size: number) => [...value].length * size * 0.58;
  const smallestPx = Math.round(fontPx * 0.65);
  let size = fontPx;
  while (size > smallestPx && widthOf(text, size) > maxWidthPx) size--;
  if (widthOf(text, size) <= maxWidthPx) return { text, fontPx: size };
  const glyphs = [...text];
  const keep = Math.max(1, Math.floor(maxWidthPx / (size * 0.58)) - 1);
  return { text: `${glyphs.slice(0, keep).join('').trimEnd()}…`, fontPx: size };
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The label's three lines as SVG text, centred, on a transparent background. */
function labelText(label: QrLabel, sizePx: number): string {
  const layout = labelLayout(sizePx);
  const maxWidthPx = sizePx * 0.9;
  const line = (value: string, fontPx: number, baselinePx: number, weight: number, fill: string) => {
    const fitted = fittedLine(value, fontPx, maxWidthPx);
    return (
      `<text x="${sizePx / 2}" y="${baselinePx}" text-anchor="middle" fill="${fill}" ` +
      `font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="${fitted.fontPx}" ` +
      `font-weight="${weight}">${escapeXml(fitted.text)}</text>`
    );
  };
  return (
    line(label.title, layout.titleFontPx, layout.titleBaselinePx, 700, '#000000') +
    line(label.owner, layout.ownerFontPx, layout.ownerBaselinePx, 400, '#333333') +
    line(label.caption, layout.captionFontPx, layout.captionBaselinePx, 700, '#000000')
  );
}

/**
 * The code `sizePx` wide with its label: the title above it, the owner and the caption below, all
 * outside the quiet zone so that scanners still find the symbol.
 */
export function labelledQrSvg(text: string, sizePx: number, label: QrLabel): string {
  const layout = labelLayout(sizePx);
  return svgDocument(
    sizePx,
    layout.heightPx,
    `<rect width="${sizePx}" height="${layout.heightPx}" fill="#ffffff"/>` +
      qrPathElement(text, sizePx, layout.headerPx) +
      `<g shape-rendering="auto">${labelText(label, sizePx)}</g>`,
  );
}

/** As labelledQrSvg, as a PNG: the code's own pixels (as qrPng draws them) with the text around them. */
export async function labelledQrPng(text: string, sizePx: number, label: QrLabel): Promise<Buffer> {
  const layout = labelLayout(sizePx);
  const code = await qrPng(text, sizePx);
  const words = Buffer.from(svgDocument(sizePx, layout.heightPx, labelText(label, sizePx)));
  try {
    return await sharp({
      create: { width: sizePx, height: layout.heightPx, channels: 3, background: '#ffffff' },
    })
      .composite([
        { input: code, left: 0, top: layout.headerPx },
        { input: words, left: 0, top: 0 },
      ])
      .png()
      .toBuffer();
  } catch (error) {
    throw generationFailed(error);
  }
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
