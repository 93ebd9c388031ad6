import {
  DEFAULT_DYNAMIC_QR,
  type DynamicQr,
  dynamicQrSchema,
  type QrCode,
  type QrCodeKind,
  type QrEmvOption,
  qrEmvOptionSchema,
} from '@ztart/shared/contracts/qr-codes';
import { buildPixPayload, buildTipPayload, EmvError } from '@ztart/shared/emv';
import type { Currency } from '@ztart/shared/money';
import { AppError } from '../../http/errors.ts';
import { shortLinkOf } from './short-codes.ts';
import type { QrCodeRow } from './tables.ts';

/** What decides the text inside a QR code's image. */
export interface QrCodeContent {
  code: string;
  title: string;
  kind: QrCodeKind;
  amountMinor: number | null;
  currency: Currency;
  emv: QrEmvOption;
}

/**
 * The EMV payload of the QR code's option, or null when the option is off. Only a payment QR code
 * writes its amount (tag 54): an open amount leaves it to the payer, as the short link does. A PIX
 * code carries the short code as its txid, so the receiver's bank statement names the QR code.
 * An option that cannot make a payload → 422 `qr_generation_failed`.
 */
export function emvPayloadOf(content: QrCodeContent, appUrl: string): string | null {
  const { emv } = content;
  const amountMinor = content.kind === 'payment' ? content.amountMinor : null;
  try {
    switch (emv.profile) {
      case 'none':
        return null;
      case 'emv':
        return buildTipPayload({
          tipLinkUrl: shortLinkOf(appUrl, content.code),
          merchantName: emv.merchantName,
          merchantCity: emv.merchantCity,
          countryCode: emv.countryCode,
          currency: content.currency,
          amountMinor,
        });
      case 'pix':
        return buildPixPayload({
          key: emv.pixKey,
          merchantName: emv.merchantName,
          merchantCity: emv.merchantCity,
          amountMinor,
          txid: content.code,
          description: content.title,
        });
    }
  } catch (error) {
    if (!(error instanceof EmvError)) throw error;
    throw new AppError('qr_generation_failed', {
      message: 'An EMV payload cannot be made from these details.',
      details: { reason: error.reason, tag: error.tag },
      cause: error,
    });
  }
}

/** What the QR code's image encodes: the EMV payload when the option is on, else the short link. */
export function encodedTextOf(content: QrCodeContent, appUrl: string): string {
  return emvPayloadOf(content, appUrl) ?? shortLinkOf(appUrl, content.code);
}

/**
 * The JSON columns were checked against the contract when written; they are read through it again
 * so that a row from an older contract can never reach the resolver in a shape it does not expect.
 */
export function dynamicOf(row: Pick<QrCodeRow, 'dynamic'>): DynamicQr {
  const parsed = dynamicQrSchema.safeParse(row.dynamic);
  return parsed.success ? parsed.data : DEFAULT_DYNAMIC_QR;
}

export function emvOptionOf(row: Pick<QrCodeRow, 'emv'>): QrEmvOption {
  const parsed = qrEmvOptionSchema.safeParse(row.emv);
  return parsed.success ? parsed.data : { profile: 'none' };
}

export function contentOf(row: QrCodeRow): QrCodeContent {
  return {
    code: row.code,
    title: row.title,
    kind: row.kind as QrCodeKind,
    amountMinor: row.amountMinor,
    currency: row.currency as Currency,
    emv: emvOptionOf(row),
  };
}

export function toQrCode(row: QrCodeRow, appUrl: string): QrCode {
  const content = contentOf(row);
  let emvPayload: string | null;
  try {
    emvPayload = emvPayloadOf(content, appUrl);
  } catch {
    // Only a changed APP_URL (a longer origin) can undo a payload checked when it was saved; the
    // list still shows the QR code, and its image answers qr_generation_failed.
    emvPayload = null;
  }
  return {
    id: row.id,
    code: row.code,
    url: shortLinkOf(appUrl, row.code),
    title: row.title,
    description: row.description,
    kind: content.kind,
    amountMinor: row.amountMinor,
    currency: content.currency,
    emv: content.emv,
    emvPayload,
    dynamic: dynamicOf(row),
    scanCount: row.scanCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
