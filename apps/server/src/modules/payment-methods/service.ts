import { randomUUID } from 'node:crypto';
import { isValidAccountNumber, isValidIban, isValidRoutingNumber, normalizeIban } from '@ztart/shared/cards';
import type {
  AddBankAccountRequest,
  AddCardRequest,
  AddPaymentMethodRequest,
  BillingAddress,
  PaymentMethod,
  PaymentMethodType,
} from '@ztart/shared/contracts/payment-methods';
import type { ValidationFailureDetails } from '@ztart/shared/contracts/validation-failure';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import type { DataKeyring } from '../../db/encryption.ts';
import { AppError } from '../../http/errors.ts';
import type { PayoutDestination } from '../../integrations/card-processor/processor.ts';
import { recordAuditInTransaction } from '../activity/service.ts';
import type { SignedIn } from '../auth/session-plugin.ts';
import { lockPayer } from '../profiles/payer.ts';
import { openBankDetails, sealBankDetails } from './bank-details.ts';
import { type PaymentMethodRow, paymentMethods } from './tables.ts';

type NewMethodRow = typeof paymentMethods.$inferInsert;

/** The API shape of a row: the last four digits only, never a full number. */
export function toPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    type: row.type as PaymentMethodType,
    brand: (row.brand as PaymentMethod['brand']) ?? null,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    holderName: row.holderName,
    billingAddress: (row.billingAddress as BillingAddress | null) ?? null,
    bankAccountKind: (row.bankAccountKind as PaymentMethod['bankAccountKind']) ?? null,
    country: row.country,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A person's methods that are not removed: default first, then newest first. */
export async function listPaymentMethods(db: AppDatabase, userId: string): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt)))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id));
}

/** One of the person's own methods, not removed; anyone else's is answered as if it did not exist. */
export async function findOwnPaymentMethod(
  db: AppDatabase,
  userId: string,
  id: string,
): Promise<PaymentMethodRow> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt)),
    );
  if (!row) throw new AppError('payment_method_not_found');
  return row;
}

/** Where a payout to this bank account goes: its numbers, opened from their sealed form. */
export function payoutDestinationOf(keys: DataKeyring, row: PaymentMethodRow): PayoutDestination {
  if (row.type !== 'bank_account' || !row.bankDetailsEncrypted) {
    throw new AppError('payment_method_unsuitable');
  }
  return openBankDetails(keys, row.id, row.bankDetailsEncrypted);
}

/**
 * Adds a card (tokenized and verified by the processor first: the number and CVC go no further; a
 * card its bank refuses is not saved) or a bank
 * account (checked and kept normalized). The first method of its type, or one added with
 * `setDefault`, becomes the default of that type.
 */
export async function addPaymentMethod(
  context: AppContext,
  request: FastifyRequest,
  signedIn: SignedIn,
  body: AddPaymentMethodRequest,
): Promise<PaymentMethod> {
  const userId = signedIn.user.id;
  const now = context.now();
  // The id is chosen here, before the insert: a bank account's sealed numbers are bound to it.
  const id = randomUUID();
  const details =
    body.type === 'card'
      ? await cardRow(context, body, now)
      : bankAccountRow(context.config.dataEncryptionKeys, id, body);
  const row = await context.db.transaction(async (tx) => {
    // One person's changes to their methods go one at a time, so two first methods cannot both
    // become the default.
    await lockPayer(tx, userId);
    const [sameType] = await activeOfType(tx, userId, body.type);
    const isDefault = body.setDefault === true || sameType === undefined;
    if (isDefault) await clearDefault(tx, userId, body.type);
    const [inserted] = await tx
      .insert(paymentMethods)
      .values({ ...details, id, userId, type: body.type, isDefault, createdAt: now })
      .returning();
    if (!inserted) throw new Error('payment method insert returned no row');
    await recordAuditInTransaction(tx, request, {
      userId,
      actionType: 'payment_method_added',
      resource: inserted.id,
      metadata: { type: inserted.type, brand: inserted.brand, last4: inserted.last4 },
    });
    return inserted;
  });
  return toPaymentMethod(row);
}

export async function setDefaultPaymentMethod(
  context: AppContext,
  signedIn: SignedIn,
  id: string,
): Promise<PaymentMethod> {
  const userId = signedIn.user.id;
  const row = await context.db.transaction(async (tx) => {
    await lockPayer(tx, userId);
    const method = await findOwnPaymentMethod(tx, userId, id);
    await clearDefault(tx, userId, method.type as PaymentMethodType);
    const [updated] = await tx
      .update(paymentMethods)
      .set({ isDefault: true })
      .where(eq(paymentMethods.id, method.id))
      .returning();
    if (!updated) throw new Error('payment method vanished while locked');
    return updated;
  });
  return toPaymentMethod(row);
}

/**
 * Removes a method from the person's list; its row stays for the history that names it. When it
 * was the default, the newest remaining method of its type takes its place.
 */
export async function removePaymentMethod(
  context: AppContext,
  request: FastifyRequest,
  signedIn: SignedIn,
  id: string,
): Promise<void> {
  const userId = signedIn.user.id;
  await context.db.transaction(async (tx) => {
    await lockPayer(tx, userId);
    const method = await findOwnPaymentMethod(tx, userId, id);
    await tx
      .update(paymentMethods)
      .set({ deletedAt: context.now(), isDefault: false })
      .where(eq(paymentMethods.id, method.id));
    if (method.isDefault) {
      const [newest] = await activeOfType(tx, userId, method.type as PaymentMethodType);
      if (newest) {
        await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, newest.id));
      }
    }
    await recordAuditInTransaction(tx, request, {
      userId,
      actionType: 'payment_method_removed',
      resource: method.id,
      metadata: { type: method.type, brand: method.brand, last4: method.last4 },
    });
  });
}

/** The person's methods of one type, not removed, newest first. */
function activeOfType(db: AppDatabase, userId: string, type: PaymentMethodType) {
  return db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(eq(paymentMethods.userId, userId), eq(paymentMethods.type, type), isNull(paymentMethods.deletedAt)),
    )
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id));
}

async function clearDefault(db: AppDatabase, userId: string, type: PaymentMethodType): Promise<void> {
  await db
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(
      and(
        eq(paymentMethods.userId, userId),
        eq(paymentMethods.type, type),
        eq(paymentMethods.isDefault, true),
      ),
    );
}

type MethodDetails = Omit<NewMethodRow, 'userId' | 'type' | 'isDefault' | 'createdAt'>;

/**
 * Tokenizes the card and has its bank check it (zero amount) before anything is saved: a card
 * that would be refused is refused now, with the bank's reason, rather than kept as a default.
 */
async function cardRow(context: AppContext, body: AddCardRequest, now: Date): Promise<MethodDetails> {
  const card = await context.cardProcessor.tokenize(
    context.db,
    { number: body.number, expMonth: body.expMonth, expYear: body.expYear, cvc: body.cvc },
    now,
  );
  await context.cardProcessor.verify(context.db, card.token, now);
  return {
    processorToken: card.token,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    holderName: body.cardholderName,
    billingAddress: body.billingAddress,
  };
}

/** An IBAN (mod-97 checked) or a US account number with its routing number, without spaces, sealed. */
function bankAccountRow(keys: DataKeyring, id: string, body: AddBankAccountRequest): MethodDetails {
  const iban = body.iban ? normalizeIban(body.iban) : '';
  const accountNumber = (body.accountNumber ?? '').replace(/[\s-]/g, '');
  const routingNumber = (body.routingNumber ?? '').replace(/[\s-]/g, '');
  if (iban !== '' && (accountNumber !== '' || routingNumber !== '')) {
    throw validationFailed('iban', 'custom', 'validation.custom');
  }
  if (iban !== '') {
    if (!isValidIban(iban)) throw new AppError('iban_invalid', { details: { field: 'iban' } });
    return {
      holderName: body.holderName,
      bankAccountKind: 'iban',
      bankDetailsEncrypted: sealBankDetails(keys, id, { kind: 'iban', iban }),
      country: iban.slice(0, 2),
      last4: iban.slice(-4),
    };
  }
  if (accountNumber === '') throw validationFailed('accountNumber', 'required', 'validation.required');
  if (routingNumber === '') throw validationFailed('routingNumber', 'required', 'validation.required');
  if (!isValidRoutingNumber(routingNumber)) {
    throw new AppError('routing_number_invalid', { details: { field: 'routingNumber' } });
  }
  if (!isValidAccountNumber(accountNumber)) {
    throw new AppError('account_number_invalid', { details: { field: 'accountNumber' } });
  }
  return {
    holderName: body.holderName,
    bankAccountKind: 'us_account',
    bankDetailsEncrypted: sealBankDetails(keys, id, { kind: 'us_account', accountNumber, routingNumber }),
    last4: accountNumber.slice(-4),
  };
}

/** A body that has the right shape but not the fields a bank account needs. */
function validationFailed(path: string, code: string, message: string): AppError {
  const details: ValidationFailureDetails = { source: 'body', issues: [{ path, code, message }] };
  return new AppError('validation_failed', { details: { ...details } });
}
