/**
 * Reads the text of a QR code from a picture: the browser's own BarcodeDetector where it has one
 * (Chrome on Android, Safari 17+), else jsQR over the pixels. jsQR loads only when first needed.
 */

/** The part of the Shape Detection API we use; TypeScript's DOM library does not declare it yet. */
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorConstructor {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** Bigger pictures are scaled down first: a QR code stays readable, and jsQR stays fast. */
const MAX_SIDE_PX = 1024;

let detectorPromise: Promise<BarcodeDetectorLike | null> | null = null;

async function createDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** The browser's QR detector, or null when it has none (asked once). */
export function browserQrDetector(): Promise<BarcodeDetectorLike | null> {
  detectorPromise ??= createDetector();
  return detectorPromise;
}

/** Whether the browser decodes QR codes itself (else jsQR does). */
export async function hasNativeQrDetector(): Promise<boolean> {
  return (await browserQrDetector()) !== null;
}

export async function decodeImageData(image: ImageData): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  return jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** The pixels of a video frame or picture, scaled to fit MAX_SIDE_PX, drawn on `canvas`. */
function pixelsOf(
  source: CanvasImageSource,
  width: number,
  height: number,
  canvas: HTMLCanvasElement,
): ImageData | null {
  if (width === 0 || height === 0) return null;
  const scale = Math.min(1, MAX_SIDE_PX / Math.max(width, height));
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/**
 * The text of the first QR code in a video frame or picture, null when there is none. The
 * browser's detector is tried first; if it fails on this source, jsQR reads the pixels.
 */
export async function decodeQrFrom(
  source: CanvasImageSource & ImageBitmapSource,
  width: number,
  height: number,
  canvas: HTMLCanvasElement = document.createElement('canvas'),
): Promise<string | null> {
  const detector = await browserQrDetector();
  if (detector) {
    try {
      const [first] = await detector.detect(source);
      return first?.rawValue ?? null;
    } catch {
      // Some implementations refuse some sources (a video not yet playing): read the pixels instead.
    }
  }
  const pixels = pixelsOf(source, width, height, canvas);
  return pixels ? decodeImageData(pixels) : null;
}

async function loadImage(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The text of the QR code in an uploaded picture; null when none is found; throws when it is not a picture. */
export async function decodeQrFromFile(file: Blob): Promise<string | null> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    try {
      return await decodeQrFrom(bitmap, bitmap.width, bitmap.height);
    } finally {
      bitmap.close();
    }
  }
  const image = await loadImage(file);
  return decodeQrFrom(image, image.naturalWidth, image.naturalHeight);
}
