import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit } from '../activity/service.ts';
import { anonymiseAccount, assertPassword } from '../auth/service.ts';
import { removePinOf } from '../security/pin.ts';
import { eraseProfile } from './service.ts';

/**
 * Deletes an account after checking its password: personal data is removed or anonymised in
 * one transaction by each module that holds some; audit rows stay (pointing at the anonymised
 * account), as will ledger history.
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
      await eraseProfile(tx, userId);
      await removePinOf(tx, userId);
      return anonymiseAccount(tx, userId, context.now());
    });
  } catch (error) {
    throw new AppError('account_delete_failed', { cause: error });
  }
  context.live.endSessions(userId, endedSessions);
  await recordAudit(context.db, request, { userId, actionType: 'account_deleted' });
}
