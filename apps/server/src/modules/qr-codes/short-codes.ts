import { randomInt } from 'node:crypto';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const SHORT_CODE_LENGTH = 8;

/**
 * A short code of `/q/<code>`: 8 random base62 characters, about 47.6 bits, so that codes cannot
 * be walked through one after another and a collision (retried by the caller) is rare.
 */
export function randomShortCode(): string {
  let code = '';
  // randomInt draws without modulo bias.
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) code += BASE62[randomInt(BASE62.length)];
  return code;
}

/** The absolute short link a QR code encodes. */
export function shortLinkOf(appUrl: string, code: string): string {
  return `${appUrl}/q/${code}`;
}
