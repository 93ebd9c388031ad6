import { CARD_BRAND_NAMES } from '@ztart/shared/cards';
import type { Tip } from '@ztart/shared/contracts/qr-codes';
import type { Language } from '@ztart/shared/languages';
import { formatMoney } from '@ztart/shared/money';
import type { AppContext } from '../../context.ts';
import type { TipReceiptParams } from '../../integrations/messages/catalogue.ts';

/** Where and in which language the payer of a tip asked for its receipt. */
export interface TipReceipt {
  tip: Tip;
  email: string | null;
  phone: string | null;
  language: Language;
}

/** The receiver's quick-tip page: where a receipt leads to tip again. */
export function tipPageUrl(appUrl: string, ztartag: string | null): string {
  return ztartag ? `${appUrl}/quick-tip?to=${encodeURIComponent(ztartag)}` : `${appUrl}/quick-tip`;
}

/**
 * Sends the receipt by mail and/or SMS. Called after the tip has committed: a receipt never tells of
 * a tip that was rolled back. Mailer and SMS sender never throw (a receipt that cannot be queued is
 * logged), so the tip's answer does not depend on them.
 */
export async function sendTipReceipt(
  context: Pick<AppContext, 'mailer' | 'sms' | 'config'>,
  receipt: TipReceipt,
) {
  const { tip, language } = receipt;
  const amount = formatMoney(tip.amountMinor, tip.currency, language);
  const pending = tip.status === 'pending';
  if (receipt.email) {
    const params: TipReceiptParams = {
      amount,
      receiver: tip.receiver.ztartag
        ? `${tip.receiver.displayName} (@${tip.receiver.ztartag})`
        : tip.receiver.displayName,
      card: tip.card
        ? { brand: tip.card.brand ? CARD_BRAND_NAMES[tip.card.brand] : '', last4: tip.card.last4 }
        : null,
      message: tip.message,
      date: formatDate(tip.createdAt, language),
      receiptNumber: tip.id,
      pending,
      link: tipPageUrl(context.config.appUrl, tip.receiver.ztartag),
    };
    await context.mailer.send(receipt.email, language, { kind: 'tipReceipt', params });
  }
  if (receipt.phone) {
    await context.sms.sendTipReceipt(receipt.phone, language, {
      amount,
      receiver: tip.receiver.ztartag ? `@${tip.receiver.ztartag}` : tip.receiver.displayName,
      receiptNumber: tip.id,
      pending,
    });
  }
}

/** In UTC, said so: the server does not know the payer's time zone. */
function formatDate(iso: string, language: Language): string {
  const text = new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(iso));
  return `${text} UTC`;
}
