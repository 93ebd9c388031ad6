import { randomUUID } from 'node:crypto';
import { isCardExpired } from '@ztart/shared/cards';
import type { DepositRequest } from '@ztart/shared/contracts/wallet';
import { AMOUNT_LIMITS } from '@ztart/shared/limits';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { chargeUnlessRefused } from '../../integrations/card-processor/processor.ts';
import { recordAuditInTransaction } from '../activity/service.ts';
import type { SignedIn } from '../auth/session-plugin.ts';
import { type MoneyAnswer, methodLabel, runMoneyRequest } from '../idempotency/money-request.ts';
import { errorAnswer, type StoredAnswer } from '../idempotency/service.ts';
import { creditPendingFromCard } from '../ledger/movements.ts';
import type { PendingEvent } from '../notifications/live.ts';
import { findOwnPaymentMethod } from '../payment-methods/service.ts';
import type { PaymentMethodRow } from '../payment-methods/tables.ts';
import { type NewTransaction, recordTransaction, toTransaction } from '../transactions/record.ts';

/**
 * `POST /api/wallet/deposits`: charges one of the person's cards. An authorized charge moves the
 * amount processor_clearing → the person's pending wallet until settlement; a refused one moves
 * nothing and leaves a failed transaction in the history.
 */
export async function createDeposit(
  context: AppContext,
  request: FastifyRequest,
  signedIn: SignedIn,
  body: DepositRequest,
): Promise<MoneyAnswer> {
  const userId = signedIn.user.id;
  const now = context.now();
  return runMoneyRequest(
    context,
    request,
    userId,
    'POST /api/wallet/deposits',
    async (tx, { events, processorReference }) => {
      if (body.amountMinor > AMOUNT_LIMITS.transferMaxMinor) {
        throw new AppError('limit_exceeded', {
          details: { limit: 'transferMax', limitMinor: AMOUNT_LIMITS.transferMaxMinor },
        });
      }
      const card = await findOwnPaymentMethod(tx, userId, body.paymentMethodId);
      if (card.type !== 'card' || card.processorToken === null)
        throw new AppError('payment_method_unsuitable');
      if (
        card.expMonth !== null &&
        card.expYear !== null &&
        isCardExpired(card.expMonth, card.expYear, now)
      ) {
        throw new AppError('card_expired', { details: { field: 'paymentMethodId' } });
      }
      const groupId = randomUUID();
      const story = {
        userId,
        type: 'income',
        kind: 'deposit',
        amountMinor: body.amountMinor,
        currency: body.currency,
        description: `Deposit from ${methodLabel(card)}`,
        paymentMethod: card,
        groupId,
        createdAt: now,
      } as const;

      const charge = await chargeUnlessRefused(
        context.cardProcessor,
        tx,
        {
          token: card.processorToken,
          amountMinor: body.amountMinor,
          currency: body.currency,
          reference: processorReference,
        },
        now,
      );
      if (charge.refusal) {
        return refusedCharge(
          tx,
          request,
          events,
          { ...story, failureCode: charge.refusal.code },
          card,
          charge.refusal,
        );
      }
      const { reference } = charge;

      const moved = await creditPendingFromCard(tx, {
        ownerId: userId,
        amountMinor: body.amountMinor,
        currency: body.currency,
        code: 'deposit',
      });
      const row = await recordTransaction(tx, {
        ...story,
        status: 'pending',
        ledgerBatchId: moved.batchId,
        pendingTransferId: moved.pendingTransferId,
        processorReference: reference,
      });
      await recordAuditInTransaction(tx, request, {
        userId,
        actionType: 'deposit_created',
        resource: row.id,
        metadata: {
          amountMinor: row.amountMinor,
          currency: row.currency,
          paymentMethodId: card.id,
          reference,
        },
      });
      const transaction = toTransaction(row);
      events.push({ userId, event: { type: 'transaction', transaction } });
      return { statusCode: 201, body: { transaction } };
    },
  );
}

/** The failed transaction and the audit row of a refused charge, and the refusal as the answer. */
async function refusedCharge(
  tx: AppDatabase,
  request: FastifyRequest,
  events: PendingEvent[],
  story: Omit<NewTransaction, 'status'>,
  card: PaymentMethodRow,
  error: AppError,
): Promise<StoredAnswer> {
  const row = await recordTransaction(tx, { ...story, status: 'failed', settledAt: story.createdAt });
  await recordAuditInTransaction(tx, request, {
    userId: story.userId,
    actionType: 'deposit_refused',
    resource: row.id,
    metadata: {
      amountMinor: row.amountMinor,
      currency: row.currency,
      paymentMethodId: card.id,
      code: error.code,
    },
  });
  events.push({ userId: story.userId, event: { type: 'transaction', transaction: toTransaction(row) } });
  return errorAnswer(error);
}
