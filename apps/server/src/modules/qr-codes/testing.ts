import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';

/** Helpers of this module's tests. */

export const uniqueTag = (prefix = 'qr') => `${prefix}_${randomBytes(5).toString('hex')}`;

/** The text of the QR code in an image (PNG, or SVG rendered first), read by an independent decoder. */
export async function decodeQrImage(image: Buffer | string): Promise<string | null> {
  const { data, info } = await sharp(typeof image === 'string' ? Buffer.from(image) : image)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return (
    jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)
      ?.data ?? null
  );
}

export const WEB_INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';

/** A built web app (just its index.html), so that pages the server hands to it can be seen. */
export function makeWebBuild(): string {
  const distDir = mkdtempSync(path.join(tmpdir(), 'ztart-web-'));
  writeFileSync(path.join(distDir, 'index.html'), WEB_INDEX_HTML);
  return distDir;
}
