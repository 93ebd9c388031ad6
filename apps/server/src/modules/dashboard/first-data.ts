import { sessionResponseSchema } from '@ztart/shared/contracts/auth';
import { dashboardResponseSchema } from '@ztart/shared/contracts/dashboard';
import type { HomeFirstData } from '@ztart/shared/first-paint';
import type { AppContext } from '../../context.ts';
import { sessionResponse } from '../accounts/service.ts';
import { isSessionExpired } from '../auth/sessions.ts';
import { timeZoneOf } from '../profiles/service.ts';
import { dashboardOf } from './service.ts';

/**
 * What a signed-in person's home is rendered from on the server (decision 0055): the answers of
 * `GET /api/auth/session` and `GET /api/dashboard` for the session behind `sessionToken`, as those
 * routes give them (through their response contracts). Null when the token opens no session that
 * the API would accept as it is, and for an admin's impersonation, which the API audits request by
 * request: the page then comes without personal data and the app asks the API.
 */
export async function homeFirstDataOf(
  context: AppContext,
  sessionToken: string,
): Promise<HomeFirstData | null> {
  const found = await context.findSession(sessionToken);
  const now = context.now();
  if (!found || found.session.impersonationId || isSessionExpired(found.session, now)) return null;
  const { db } = context;
  const [session, dashboard] = await Promise.all([
    sessionResponse(db, found.user),
    timeZoneOf(db, found.user.id).then((timeZone) => dashboardOf(db, found.user.id, { timeZone }, now)),
  ]);
  return {
    session: sessionResponseSchema.parse(session),
    dashboard: dashboardResponseSchema.parse(dashboard),
  };
}
