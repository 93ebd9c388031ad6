// Types only: this module sits in the entry chunk, and the admin contract pulls in zod.
import type { MetaTrackedAction } from '@ztart/shared/contracts/admin';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

export const LOG_USER_ACTION_PATH = '/api/rpc/log_user_action';

/**
 * What the app tells the audit log on its own (spec §7, `log_user_action`), for the meta
 * dashboard to count: the names of META_TRACKED_ACTIONS (the type keeps them in step). The
 * server writes money, sign-in and security events itself under other names.
 */
export const APP_ACTIONS = {
  signedIn: 'sign_in_completed',
  moneyMoved: 'money_moved',
  qrCreated: 'qr_created',
  errorShown: 'error_shown',
  quickTipViewed: 'quick_tip_viewed',
} as const satisfies Record<string, MetaTrackedAction>;
export type AppAction = (typeof APP_ACTIONS)[keyof typeof APP_ACTIONS];

let loggingEnabled = true;

/**
 * Off while nothing the person does is theirs to log: an administrator viewing as them
 * (read-only: the call would be refused and audited as such). The app layout sets it.
 */
export function setUserActionLogging(enabled: boolean): void {
  loggingEnabled = enabled;
}

/** Bounds of the contract (`logUserActionRequestSchema`): a longer resource would be refused. */
const RESOURCE_MAX = 200;

/**
 * `POST /api/rpc/log_user_action`, fired and forgotten: its errors are ignored (spec §7), and
 * it never throws. Nothing is sent in demo mode (there is no account to log against).
 */
export function logUserAction(
  action: AppAction,
  resource?: string | null,
  metadata?: Record<string, string | number | boolean | null>,
): void {
  if (isDemoMode() || !loggingEnabled) return;
  try {
    void api
      .post<unknown>(LOG_USER_ACTION_PATH, {
        p_action_type: action,
        p_resource: resource ? resource.slice(0, RESOURCE_MAX) : null,
        p_metadata: metadata ?? null,
      })
      .catch(() => undefined);
  } catch {
    // Logging must never break what the person is doing.
  }
}

/** The error codes shown recently: one screen re-rendering its alert is one error shown, not many. */
const recentlyShown = new Map<string, number>();
const SAME_ERROR_QUIET_MS = 10_000;

/**
 * An error the person was shown (a destructive toast, a form alert, the error screen). The same
 * code at the same place is logged at most once per quiet period.
 */
export function logErrorShown(code: string, where: string, now: number = Date.now()): void {
  const key = `${where}|${code}`;
  const last = recentlyShown.get(key);
  if (last !== undefined && now - last < SAME_ERROR_QUIET_MS) return;
  recentlyShown.set(key, now);
  if (recentlyShown.size > 100) recentlyShown.clear();
  // A failure of the log call itself is not an error the person saw: never logged again.
  if (where.startsWith(LOG_USER_ACTION_PATH)) return;
  logUserAction(APP_ACTIONS.errorShown, where, { code });
}
