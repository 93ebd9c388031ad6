import type { BalanceNotEmptyDetails } from '@ztart/shared/contracts/profiles';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, isAppError } from '../../http/errors.ts';
import { recordAudit } from '../activity/service.ts';
import { eraseConversationsOf } from '../assistant/service.ts';
import { eraseBudgetsOf } from '../budgets/service.ts';
import { closeBusinessesOf, lockPlanOf } from '../businesses/service.ts';
import { eraseContactsOf } from '../contacts/service.ts';
import { eraseDebtsOf } from '../debts/erase.ts';
import { eraseGamificationOf } from '../gamification/service.ts';
import { eraseGoalsOf } from '../goals/service.ts';
import { eraseInvoicesOf } from '../invoices/service.ts';
import { moneyHeldBy } from '../ledger/holdings.ts';
import { eraseNearbyPresenceOf } from '../nearby/service.ts';
import { erasePhotosAndPosts } from '../posts/service.ts';
import { eraseProfile } from '../profiles/service.ts';
import { removePinOf } from '../security/pin.ts';
import { anonymiseAccount, assertPassword } from './service.ts';

/**
 * Deletes an account after checking its password: personal data is removed or anonymised in
 * one transaction by each module that holds some; audit rows stay (pointing at the anonymised
 * account), as does ledger history. An account that still holds money (available, pending or
 * held by a withdrawal) is refused with 409 `balance_not_empty` and every amount: nobody could
 * reach that money any more; so is an owner whose business still holds money (409
 * `business_balance_not_empty`). Their businesses are closed with the account.
 */
export async function deleteAccount(
  context: AppContext,
  request: FastifyRequest,
  userId: string,
  password: string,
) {
  await assertPassword(context.db, userId, password);
  let endedSessions: string[];
  try {
    endedSessions = await context.db.transaction(async (tx) => {
      // The plan first, in the order its renewal takes the locks (plan, then the person).
      await lockPlanOf(tx, userId);
      // Anonymising first locks the person's row, which every movement of theirs locks first too:
      // one in flight finishes before the money is counted, and none starts after.
      const ended = await anonymiseAccount(tx, userId, context.now());
      const balances = await moneyHeldBy(tx, userId);
      if (balances.length > 0) {
        throw new AppError('balance_not_empty', {
          message: 'This account still holds money: withdraw it or send it to someone first.',
          details: { balances } satisfies BalanceNotEmptyDetails,
        });
      }
      // Their businesses' money is counted (and refused) before anything is erased.
      await closeBusinessesOf(tx, userId, context.now());
      await eraseProfile(tx, userId);
      await eraseContactsOf(tx, userId);
      await eraseBudgetsOf(tx, userId);
      await eraseNearbyPresenceOf(tx, userId);
      await eraseDebtsOf(tx, userId, context.now());
      await eraseGoalsOf(tx, userId);
      await eraseGamificationOf(tx, userId);
      await eraseInvoicesOf(tx, userId, context.now());
      await eraseConversationsOf(tx, userId);
      await erasePhotosAndPosts(tx, userId);
      await removePinOf(tx, userId);
      return ended;
    });
  } catch (error) {
    if (
      isAppError(error) &&
      (error.code === 'balance_not_empty' || error.code === 'business_balance_not_empty')
    ) {
      throw error;
    }
    throw new AppError('account_delete_failed', { cause: error });
  }
  context.live.endSessions(userId, endedSessions);
  await recordAudit(context.db, request, { userId, actionType: 'account_deleted' });
}
