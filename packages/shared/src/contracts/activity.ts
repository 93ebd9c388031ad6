import { z } from 'zod';
import { PAGE_SIZE } from '../limits.ts';
import { safeText } from '../safe-text.ts';
import { transactionSchema } from './transactions.ts';

/** What a person's activity feed holds (issue 15): how they signed in, what they changed, their money, their QR scans. */
export const ACTIVITY_TYPES = ['sign_in', 'security', 'money', 'qr_scan'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * The audit-log actions the feed shows, by the type they are filed under. Others (money actions,
 * which the feed shows from the transactions, and what apps log for themselves) stay out of it.
 */
export const ACTIVITY_AUDIT_ACTIONS = {
  sign_in: ['sign_up', 'sign_in', 'sign_in_failed', 'sign_out', 'session_revoked'],
  security: [
    'email_verified',
    'email_change_requested',
    'email_changed',
    'phone_verified',
    'password_reset_requested',
    'password_reset',
    'password_changed',
    'pin_created',
    'pin_changed',
    'pin_removed',
    'pin_locked',
    'payment_method_added',
    'payment_method_removed',
  ],
  qr_scan: ['qr_scanned'],
} as const satisfies Record<Exclude<ActivityType, 'money'>, readonly string[]>;
export type ActivityAuditAction =
  (typeof ACTIVITY_AUDIT_ACTIONS)[keyof typeof ACTIVITY_AUDIT_ACTIONS][number];
export const ACTIVITY_AUDIT_ACTION_LIST: readonly ActivityAuditAction[] =
  Object.values(ACTIVITY_AUDIT_ACTIONS).flat();

/** The type an audit action is filed under. */
export function activityTypeOf(action: ActivityAuditAction): Exclude<ActivityType, 'money'> {
  for (const [type, actions] of Object.entries(ACTIVITY_AUDIT_ACTIONS)) {
    if ((actions as readonly string[]).includes(action)) return type as Exclude<ActivityType, 'money'>;
  }
  throw new Error(`not an activity action: ${action}`);
}

/**
 * One entry of the feed. Money entries carry their transaction; the others carry the action, the
 * browser it came from (the user agent, for the person to recognise their own devices) and, for
 * a QR scan, the ztartag of whose code it was. Never the address, metadata or anything secret.
 */
export const activityItemSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(ACTIVITY_TYPES),
    /** The audit action; null for money. */
    action: z.enum(ACTIVITY_AUDIT_ACTION_LIST as [ActivityAuditAction, ...ActivityAuditAction[]]).nullable(),
    userAgent: z.string().nullable(),
    /** A QR scan: the ztartag of the code's owner. */
    ztartag: z.string().nullable(),
    transaction: transactionSchema.nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ActivityItem' });
export type ActivityItem = z.infer<typeof activityItemSchema>;

/** `GET /api/activity?type=&cursor=&limit=` → the signed-in person's own activity, newest first. */
export const activityQuerySchema = z.object({
  type: z.enum(ACTIVITY_TYPES).optional(),
  cursor: safeText({ trim: false }).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityListResponseSchema = z
  .object({ items: z.array(activityItemSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ActivityList' });
export type ActivityListResponse = z.infer<typeof activityListResponseSchema>;
