import { QR_SHORT_CODE_PATTERN } from '@ztart/shared/contracts/qr-codes';
import { type EmvErrorReason, type EmvPayment, parseEmvPayload, readEmvPayment } from '@ztart/shared/emv';
import type { Currency } from '@ztart/shared/money';
import { ZTARTAG_PATTERN } from '@ztart/shared/patterns';

/** The text of a QR code is bounded before anything reads it: ours are far shorter. */
export const SCAN_TEXT_MAX_LENGTH = 4096;

/** A link of ours that the browser opens with a full page load (the server or the quick-tip page answers it). */
export interface OurLinkScan {
  kind: 'short_link' | 'tip_link';
  url: string;
  /** The short code of `/q/<code>`, or the receiver's ztartag of a tip link. */
  value: string;
  /** Found inside an EMV payment payload rather than as a bare link. */
  viaEmv: boolean;
}

/** A PIX code of another bank: we show what it asks so the person can pay it from their bank app. */
export interface PixScan {
  kind: 'pix';
  payload: string;
  key: string | null;
  /** A dynamic PIX code carries a URL to its charge instead of a key. */
  url: string | null;
  merchantName: string;
  merchantCity: string;
  currency: Currency | null;
  amountMinor: number | null;
  description: string | null;
}

export type InvalidReason = 'empty' | 'not_ours' | 'unsupported_payload' | EmvErrorReason;

export interface InvalidScan {
  kind: 'invalid';
  reason: InvalidReason;
}

export type ScanResult = OurLinkScan | PixScan | InvalidScan;

const SHORT_LINK_PATH = /^\/q\/([^/]+)\/?$/;
const AT_TAG_PATH = /^\/@([^/]+)\/?$/;

function invalid(reason: InvalidReason): InvalidScan {
  return { kind: 'invalid', reason };
}

function parseUrl(text: string): URL | null {
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

function isZtartag(value: string): boolean {
  return ZTARTAG_PATTERN.test(value.toLowerCase());
}

/**
 * A link of ours: the short link of a QR code, the quick-tip page of a ztartag, or `/@<tag>`.
 * Only on one of `origins`, so a look-alike path on another site is never followed.
 */
function classifyLink(text: string, origins: readonly string[], viaEmv: boolean): ScanResult {
  const url = parseUrl(text);
  if (!url || !origins.includes(url.origin)) return invalid('not_ours');
  const shortCode = SHORT_LINK_PATH.exec(url.pathname)?.[1];
  if (shortCode !== undefined) {
    return QR_SHORT_CODE_PATTERN.test(shortCode)
      ? { kind: 'short_link', url: url.href, value: shortCode, viaEmv }
      : invalid('not_ours');
  }
  if (url.pathname === '/quick-tip' || url.pathname === '/quick-tip/') {
    const to = url.searchParams.get('to') ?? '';
    return isZtartag(to)
      ? { kind: 'tip_link', url: url.href, value: to.toLowerCase(), viaEmv }
      : invalid('not_ours');
  }
  const tag = AT_TAG_PATH.exec(url.pathname)?.[1];
  if (tag !== undefined && isZtartag(tag)) {
    return { kind: 'tip_link', url: url.href, value: tag.toLowerCase(), viaEmv };
  }
  return invalid('not_ours');
}

function pixScanOf(payload: string, payment: EmvPayment): PixScan | null {
  if (!payment.pix || (!payment.pix.key && !payment.pix.url)) return null;
  return {
    kind: 'pix',
    payload,
    key: payment.pix.key,
    url: payment.pix.url,
    merchantName: payment.merchantName,
    merchantCity: payment.merchantCity,
    currency: payment.currency,
    amountMinor: payment.amountMinor,
    description: payment.pix.description,
  };
}

/**
 * What a scanned QR code is, as far as we can use it: a link of ours (bare or inside an EMV
 * payload under our identifier), a PIX code, or nothing we support. An EMV payload with a wrong
 * CRC or a malformed field is refused whole: a damaged code must not pay anyone.
 */
export function classifyScan(rawText: string, origins: readonly string[]): ScanResult {
  const text = rawText.trim();
  if (text === '') return invalid('empty');
  if (text.length > SCAN_TEXT_MAX_LENGTH) return invalid('too_long');
  // Every EMV merchant-presented payload starts with its format indicator, 00 = "01".
  if (text.startsWith('000201')) {
    const parsed = parseEmvPayload(text);
    if (!parsed.ok) return invalid(parsed.error.reason);
    const payment = readEmvPayment(parsed.fields);
    if (payment.tipLinkUrl !== null) return classifyLink(payment.tipLinkUrl, origins, true);
    return pixScanOf(text, payment) ?? invalid('unsupported_payload');
  }
  return classifyLink(text, origins, false);
}
