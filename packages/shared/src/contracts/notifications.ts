import { z } from 'zod';
import { ACHIEVEMENT_RARITIES } from '../gamification.ts';
import { CURRENCIES } from '../money.ts';
import { safeText } from '../safe-text.ts';
import { achievementIdSchema, celebrationSchema, gamificationLevelSchema } from './gamification.ts';
import { transactionSchema } from './transactions.ts';

/** Spec §3: a notification has a type and is read or unread. */
export const NOTIFICATION_TYPES = ['tip', 'transfer', 'system', 'achievement', 'reminder'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What happened; the app words it (`notifications:events.<event>`) with `data`. */
export const NOTIFICATION_EVENTS = [
  'transfer_received',
  'deposit_completed',
  'deposit_failed',
  'withdrawal_completed',
  'withdrawal_failed',
  'tip_received',
  /** Someone recorded a debt with the person: they confirm or decline it. */
  'debt_recorded',
  /** A debt the person owes is due today (once per debt). */
  'debt_due',
  /** A budget of the month reached 80 % or 100 % of its limit (once each per budget). */
  'budget_alert',
  /** A savings goal's saved amount reached its target (once per goal): type `achievement`. */
  'goal_reached',
  /** An invoice of the person's was paid (decision 0038): type `transfer`. */
  'invoice_paid',
  /** A card payment of an invoice of the person's failed at settlement: it is payable again. Type `transfer`. */
  'invoice_payment_failed',
  /** A sent invoice of the person's falls due in INVOICE_LIMITS.reminderDaysBefore days: type `reminder`. */
  'invoice_due_soon',
  /** A sent invoice of the person's passed its due date unpaid: type `reminder`. */
  'invoice_overdue',
  /** An achievement was unlocked (decision 0050): type `achievement`, with `achievementId` and `rarity`. */
  'achievement_unlocked',
  /** A new level was reached (decision 0050): type `achievement`, with `level`. */
  'level_up',
  /**
   * A paid plan could not be renewed at the end of its period (not enough money in the wallet):
   * the level went back to freemium. Type `system`; data: planLevel, amountMinor, currency.
   */
  'plan_renewal_failed',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const notificationSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(NOTIFICATION_TYPES),
    event: z.enum(NOTIFICATION_EVENTS),
    data: z.object({
      amountMinor: z.number().int().optional(),
      currency: z.enum(CURRENCIES).optional(),
      transactionId: z.uuid().optional(),
      /** The other person (sender of a transfer or tip), when there is one. */
      fromZtartag: z.string().nullable().optional(),
      fromName: z.string().nullable().optional(),
      /** Why the money came (a business's share of its tips: the owner's words), when given. */
      reason: z.string().nullable().optional(),
      failureCode: z.string().nullable().optional(),
      debtId: z.uuid().optional(),
      /** A budget alert: the budget, its month, category (key of a default one, else its name) and the percentage reached. */
      budgetId: z.uuid().optional(),
      month: z.string().optional(),
      categoryId: z.uuid().optional(),
      categoryKey: z.string().nullable().optional(),
      categoryName: z.string().nullable().optional(),
      percent: z.number().int().optional(),
      spentMinor: z.number().int().optional(),
      goalId: z.uuid().optional(),
      /** The goal's name when it was reached. */
      goalName: z.string().optional(),
      /** An invoice's id, number (`INV-2026-0001`), customer and due date. */
      invoiceId: z.uuid().optional(),
      invoiceNumber: z.string().optional(),
      customerName: z.string().optional(),
      dueDate: z.string().optional(),
      /** An unlocked achievement's id and rarity, or the level reached (decision 0050). */
      achievementId: achievementIdSchema.optional(),
      rarity: z.enum(ACHIEVEMENT_RARITIES).optional(),
      level: gamificationLevelSchema.optional(),
      /** A plan's level (business, enterprise), when the notification is about a plan. */
      planLevel: z.string().optional(),
    }),
    readAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications?cursor=&limit=&unread=&type=` → newest first. */
export const notificationQuerySchema = z.object({
  unread: z.stringbool().optional(),
  type: z.enum(NOTIFICATION_TYPES).optional(),
  cursor: safeText({ trim: false }).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const notificationListResponseSchema = z
  .object({
    items: z.array(notificationSchema),
    nextCursor: z.string().nullable(),
    unreadCount: z.number().int(),
  })
  .meta({ id: 'NotificationList' });
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;
/** `POST /api/notifications/{id}/read` → Notification; `POST /api/notifications/read-all` → {updated}. */
export const notificationParamsSchema = z.object({ id: z.uuid() });
export const readAllNotificationsResponseSchema = z
  .object({ updated: z.number().int() })
  .meta({ id: 'ReadAllNotifications' });

/** `GET /api/notifications/unread-count` → what the bell shows. */
export const unreadCountResponseSchema = z
  .object({ unreadCount: z.number().int().min(0) })
  .meta({ id: 'NotificationUnreadCount' });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;

/**
 * Whether a type of notification reaches the notification centre (and the bell and live toasts).
 * Every type is on until the person turns it off. The app sends no mail for these events: the
 * mail it sends (verification, password and email changes, tip receipts) always goes.
 */
export const notificationPreferenceSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  inApp: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** `GET /api/notification-preferences` → one entry per type, in NOTIFICATION_TYPES order. */
export const notificationPreferencesSchema = z
  .object({ items: z.array(notificationPreferenceSchema) })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * `PUT /api/notification-preferences` with the types to change (the others stay as they are) →
 * every type's preference. A type may appear once.
 */
export const updateNotificationPreferencesSchema = z
  .object({
    items: z
      .array(notificationPreferenceSchema)
      .min(1)
      .max(NOTIFICATION_TYPES.length)
      .refine((items) => new Set(items.map((item) => item.type)).size === items.length, {
        message: 'Each type may appear once.',
      }),
  })
  .meta({ id: 'UpdateNotificationPreferences' });
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

/**
 * `GET /api/events`: Server-Sent Events for the signed-in person's open pages. Each message's
 * `event:` is the type below and its `data:` the JSON. A comment line every 25 s keeps proxies
 * from closing the stream. The app refreshes what each event touches.
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification'), notification: notificationSchema }),
  /** A transaction of the person was created or changed status: wallet, lists and tips refresh. */
  z.object({ type: z.literal('transaction'), transaction: transactionSchema }),
  /** Notifications were marked read (on another page, perhaps): the bell shows this count. */
  z.object({ type: z.literal('notifications_read'), unreadCount: z.number().int().min(0) }),
  /** Something to celebrate (decision 0050): a level reached, an achievement, a daily challenge completed. */
  z.object({ type: z.literal('celebration'), celebration: celebrationSchema }),
]);

export type LiveEvent = z.infer<typeof liveEventSchema>;
export const LIVE_EVENT_HEARTBEAT_SECONDS = 25;
