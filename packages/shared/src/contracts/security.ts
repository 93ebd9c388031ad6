import { z } from 'zod';
import { PIN_UNLOCK_MINUTES } from '../limits.ts';
import { safeJsonObject, safeText } from '../safe-text.ts';
import { pinSchema } from '../validation.ts';

/** `POST /api/rpc/log_user_action` (spec §7) → 204. The spec's parameter names are kept. */
export const logUserActionRequestSchema = z
  .object({
    p_action_type: safeText().min(1).max(64),
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
