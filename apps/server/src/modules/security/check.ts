import type { SecurityCheckResponse } from '@ztart/shared/contracts/security';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { cachedSecurityCheck, storeSecurityCheck } from '../auth/sessions.ts';
import { findProfileRow } from '../profiles/service.ts';

type Reason = NonNullable<SecurityCheckResponse['reason']>;

function answer(reason: Reason | null, checkedAt: Date): SecurityCheckResponse {
  return { secure: reason === null, reason, checkedAt: checkedAt.toISOString() };
}

/**
 * The spec's security check: a signed-in person (else `user_not_authenticated`), a session that
 * is still valid (else `invalid_session`) and an existing profile (else `user_profile_not_found`).
 * A signed-in session's result is kept on the session for SECURITY_CONTEXT_CACHE_SECONDS.
 */
export async function securityCheck(
  context: AppContext,
  request: FastifyRequest,
): Promise<SecurityCheckResponse> {
  const now = context.now();
  const { auth } = request;
  if (auth.status === 'anonymous') return answer('user_not_authenticated', now);
  if (auth.status === 'ended') return answer('invalid_session', now);

  const cached = cachedSecurityCheck(auth.session, now);
  if (cached) return answer(cached.reason as Reason | null, cached.checkedAt);

  const profile = await findProfileRow(context.db, auth.user.id);
  const reason: Reason | null = profile ? null : 'user_profile_not_found';
  await storeSecurityCheck(context.db, auth.session.id, { checkedAt: now, reason });
  return answer(reason, now);
}
