import { z } from 'zod';
import { PIN_UNLOCK_MINUTES } from '../limits.ts';
import { safeJsonObject, safeText } from '../safe-text.ts';
import { pinSchema } from '../validation.ts';
import { ACTIVITY_AUDIT_ACTION_LIST } from './activity.ts';
import { ADMIN_AUDIT_ACTIONS } from './admin.ts';

/** The security events the server writes itself; people's apps add their own through log_user_action. */
export const SECURITY_EVENTS = [
  'sign_up',
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'email_verified',
  'password_reset_requested',
  'password_reset',
  'password_changed',
  'email_change_requested',
  'email_changed',
  'phone_verified',
  'pin_created',
  'pin_changed',
  'pin_removed',
  'pin_locked',
  'account_deleted',
  'session_revoked',
] as const;
export type SecurityEvent = (typeof SECURITY_EVENTS)[number];

/** What the server writes to the audit log when money moves (deposits, withdrawals, transfers, tips, goals). */
export const MONEY_AUDIT_ACTIONS = [
  'deposit_created',
  'deposit_refused',
  'deposit_completed',
  'deposit_failed',
  'withdrawal_created',
  'withdrawal_completed',
  'withdrawal_failed',
  'transfer_sent',
  'tip_sent',
  'tip_refused',
  'goal_deposit',
  'goal_withdrawal',
] as const;

/**
 * Action names only the server writes: security events, what the activity feed shows as the
 * server's record, and money. An app logging one of them could forge a sign-in, a password
 * change or a QR scan in the person's feed, so log_user_action refuses them (in any letter case).
 */
export const SERVER_AUDIT_ACTIONS: ReadonlySet<string> = new Set([
  ...SECURITY_EVENTS,
  ...ACTIVITY_AUDIT_ACTION_LIST,
  ...MONEY_AUDIT_ACTIONS,
  ...ADMIN_AUDIT_ACTIONS,
]);

export function isServerAuditAction(actionType: string): boolean {
  return SERVER_AUDIT_ACTIONS.has(actionType.trim().toLowerCase());
}

/**
 * `POST /api/rpc/log_user_action` (spec §7) → 204. The spec's parameter names are kept. An action
 * name the server writes itself (SERVER_AUDIT_ACTIONS) → 400 `validation_failed`
 * (`validation.actionTypeReserved`).
 */
export const logUserActionRequestSchema = z
  .object({
    p_action_type: safeText()
      .min(1)
      .max(64)
      .refine((actionType) => !isServerAuditAction(actionType), 'validation.actionTypeReserved'),
    p_resource: safeText().max(200).nullable().optional(),
    p_metadata: safeJsonObject().nullable().optional(),
  })
  .meta({ id: 'LogUserActionRequest' });
export type LogUserActionRequest = z.infer<typeof logUserActionRequestSchema>;

/** `GET /api/security/check` → secure, or not secure with the spec's reason. Cached 60 s per session. */
export const securityCheckResponseSchema = z
  .object({
    secure: z.boolean(),
    reason: z.enum(['user_not_authenticated', 'invalid_session', 'user_profile_not_found']).nullable(),
    checkedAt: z.iso.datetime(),
  })
  .meta({ id: 'SecurityCheck' });
export type SecurityCheckResponse = z.infer<typeof securityCheckResponseSchema>;

/** `GET /api/pin` → whether a PIN is set and until when the protected section stays unlocked. */
export const pinStatusResponseSchema = z
  .object({
    pinSet: z.boolean(),
    unlockedUntil: z.iso.datetime().nullable(),
    lockedUntil: z.iso.datetime().nullable(),
  })
  .meta({ id: 'PinStatus' });
export type PinStatusResponse = z.infer<typeof pinStatusResponseSchema>;

/**
 * `POST /api/pin` creates a PIN (none set yet) → 201 PinStatus, unlocked; one already set → 409
 * `pin_already_set`. Every route that checks a PIN (change, remove, verify) answers a wrong one
 * with 403 `pin_invalid` and `details: { attemptsLeft }`; the PIN_MAX_ATTEMPTS-th wrong entry,
 * and any entry while locked, with 423 `pin_locked` and `details: { lockedUntil,
 * retryAfterSeconds }`; no PIN with 409 `pin_not_set`.
 */
export const createPinRequestSchema = z
  .object({ pin: pinSchema, pinConfirmation: safeText({ trim: false }).max(6) })
  .refine((body) => body.pin === body.pinConfirmation, {
    path: ['pinConfirmation'],
    message: 'validation.pinsDoNotMatch',
  })
  .meta({ id: 'CreatePinRequest' });

/** `PUT /api/pin` changes it; `currentPin` must be right. */
export const changePinRequestSchema = z
  .object({
    currentPin: safeText({ trim: false }).max(6),
    pin: pinSchema,
    pinConfirmation: safeText({ trim: false }).max(6),
  })
  .refine((body) => body.pin === body.pinConfirmation, {
    path: ['pinConfirmation'],
    message: 'validation.pinsDoNotMatch',
  })
  .meta({ id: 'ChangePinRequest' });

/** `POST /api/pin/verify` unlocks for PIN_UNLOCK_MINUTES; `POST /api/pin/remove` removes it. */
export const pinRequestSchema = z
  .object({ pin: safeText({ trim: false }).max(6) })
  .meta({ id: 'PinRequest' });

/** Failed PIN entries before the PIN locks, and how long it stays locked. */
export const PIN_MAX_ATTEMPTS = 5;
export const PIN_LOCK_MINUTES = 15;
export { PIN_UNLOCK_MINUTES };
