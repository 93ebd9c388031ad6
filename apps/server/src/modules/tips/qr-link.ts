import type { Currency } from '@ztart/shared/money';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { qrCodes } from '../qr-codes/tables.ts';

/** A refusal of the `qrCode` field, in the shape of every other invalid field. */
function invalidQrCode(message: string): AppError {
  return new AppError('validation_failed', {
    details: { source: 'body', issues: [{ path: 'qrCode', code: 'custom', message }] },
  });
}

/**
 * The id of the QR code a tip came through, to link the tip to it. The code must be a live QR code
 * of the receiver (else `validation.qrCode`), and a payment QR code asks exactly its amount in its
 * currency (else `validation.qrCodeAmount`): a scanned code never pays someone else, or another sum.
 */
export async function qrCodeIdForTip(
  db: AppDatabase,
  code: string,
  tip: { receiverId: string; amountMinor: number; currency: Currency },
): Promise<string> {
  const [qr] = await db
    .select({
      id: qrCodes.id,
      userId: qrCodes.userId,
      kind: qrCodes.kind,
      amountMinor: qrCodes.amountMinor,
      currency: qrCodes.currency,
    })
    .from(qrCodes)
    .where(and(eq(qrCodes.code, code), isNull(qrCodes.deletedAt)));
  if (!qr || qr.userId !== tip.receiverId) throw invalidQrCode('validation.qrCode');
  if (qr.kind === 'payment' && (qr.amountMinor !== tip.amountMinor || qr.currency !== tip.currency)) {
    throw invalidQrCode('validation.qrCodeAmount');
  }
  return qr.id;
}
