import { randomUUID } from 'node:crypto';
import type { WithdrawalRequest } from '@ztart/shared/contracts/wallet';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { recordAuditInTransaction } from '../activity/service.ts';
import type { SignedIn } from '../auth/session-plugin.ts';
import { type MoneyAnswer, methodLabel, runMoneyRequest } from '../idempotency/money-request.ts';
import { createPending, ensureAccount } from '../ledger/service.ts';
import { assertWithinLimits } from '../limits/limits.ts';
import { findOwnPaymentMethod, payoutDestinationOf } from '../payment-methods/service.ts';
import { lockPayer } from '../profiles/payer.ts';
import { recordTransaction, toTransaction } from '../transactions/record.ts';

/**
 * `POST /api/wallet/withdrawals`: holds the amount at once (wallet_available → payouts, pending)
 * and asks the processor to pay it to one of the person's bank accounts. Settlement posts the
 * hold when the payout is paid, or voids it (the money comes back) when it is returned.
 */
export async function createWithdrawal(
  context: AppContext,
  request: FastifyRequest,
  signedIn: SignedIn,
  body: WithdrawalRequest,
): Promise<MoneyAnswer> {
  const userId = signedIn.user.id;
  const now = context.now();
  return runMoneyRequest(
    context,
    request,
    userId,
    'POST /api/wallet/withdrawals',
    async (tx, { events, processorReference }) => {
      await lockPayer(tx, userId);
      const account = await findOwnPaymentMethod(tx, userId, body.paymentMethodId);
      if (account.type !== 'bank_account') throw new AppError('payment_method_unsuitable');
      const destination = payoutDestinationOf(context.config.dataEncryptionKeys, account);
      await assertWithinLimits(tx, signedIn, body, now);

      const available = await ensureAccount(tx, {
        ownerId: userId,
        kind: 'wallet_available',
        currency: body.currency,
      });
      const payouts = await ensureAccount(tx, { ownerId: null, kind: 'payouts', currency: body.currency });
      // Throws insufficient_balance when the wallet cannot cover it: then nothing below happens.
      const hold = await createPending(tx, {
        legs: [
          {
            debitAccountId: available.id,
            creditAccountId: payouts.id,
            amountMinor: body.amountMinor,
            currency: body.currency,
            code: 'withdrawal',
          },
        ],
      });
      const groupId = randomUUID();
      const { reference } = await context.cardProcessor.payout(
        tx,
        {
          destination,
          amountMinor: body.amountMinor,
          currency: body.currency,
          reference: processorReference,
        },
        now,
      );
      const row = await recordTransaction(tx, {
        userId,
        type: 'expense',
        kind: 'withdrawal',
        status: 'pending',
        amountMinor: body.amountMinor,
        currency: body.currency,
        description: `Withdrawal to ${methodLabel(account)}`,
        paymentMethod: account,
        groupId,
        ledgerBatchId: hold.batchId,
        pendingTransferId: hold.transfers[0]?.id ?? null,
        processorReference: reference,
        createdAt: now,
      });
      await recordAuditInTransaction(tx, request, {
        userId,
        actionType: 'withdrawal_created',
        resource: row.id,
        metadata: {
          amountMinor: row.amountMinor,
          currency: row.currency,
          paymentMethodId: account.id,
          reference,
        },
      });
      const transaction = toTransaction(row);
      events.push({ userId, event: { type: 'transaction', transaction } });
      return { statusCode: 201, body: { transaction } };
    },
  );
}
