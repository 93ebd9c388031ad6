import { randomUUID } from 'node:crypto';
import {
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationEvent,
  type NotificationListResponse,
  type NotificationPreferences,
  type NotificationType,
  type UpdateNotificationPreferences,
} from '@ztart/shared/contracts/notifications';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import { AppError } from '../../http/errors.ts';
import type { PendingEvent } from './live.ts';
import { type NotificationRow, notificationPreferences, notifications } from './tables.ts';

export type NotificationData = Notification['data'];

export interface NewNotification {
  userId: string;
  type: NotificationType;
  event: NotificationEvent;
  data: NotificationData;
  now: Date;
}

/**
 * Writes a notification unless the person turned its type off; call it inside the database
 * transaction of the event it tells of and, when it returns a row, publish
 * `{ type: 'notification', notification: toNotification(row) }` after that commits. Null: the
 * person does not want this type, and nothing is written or to be published.
 */
export async function notify(tx: AppDatabase, input: NewNotification): Promise<NotificationRow | null> {
  const row = notificationRow(input);
  // One statement: the preference and the write see the same moment.
  const written = await queryRows<{ id: string }>(
    tx,
    sql`
    INSERT INTO ${notifications} (id, user_id, type, event, data, read_at, created_at)
    SELECT ${row.id}::uuid, ${row.userId}::uuid, ${row.type}, ${row.event}, ${JSON.stringify(row.data)}::jsonb,
      NULL, ${row.createdAt.toISOString()}::timestamptz
    WHERE NOT EXISTS (
      SELECT 1 FROM ${notificationPreferences} p
      WHERE p.user_id = ${row.userId}::uuid AND p.type = ${row.type} AND NOT p.in_app
    )
    RETURNING id`,
  );
  return written.length > 0 ? row : null;
}

/**
 * What to publish once the transaction of `notify()` has committed: the notification's live
 * event, or nothing when its type was off and nothing was written.
 */
export function notificationEvents(row: NotificationRow | null): PendingEvent[] {
  return row
    ? [{ userId: row.userId, event: { type: 'notification', notification: toNotification(row) } }]
    : [];
}

/** The row a notification is written as, its id chosen here. */
export function notificationRow(input: NewNotification): NotificationRow {
  return {
    id: randomUUID(),
    userId: input.userId,
    type: input.type,
    event: input.event,
    data: input.data,
    readAt: null,
    createdAt: input.now,
  };
}

/** The API shape of a row. */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    event: row.event as NotificationEvent,
    data: row.data as NotificationData,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface NotificationListQuery {
  unread?: boolean;
  type?: NotificationType;
  cursor?: string;
  limit: number;
}

/** A person's notifications, newest first, with how many are unread in all. */
export async function listNotifications(
  db: AppDatabase,
  userId: string,
  query: NotificationListQuery,
): Promise<NotificationListResponse> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const mine = eq(notifications.userId, userId);
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(
        and(
          mine,
          query.type ? eq(notifications.type, query.type) : undefined,
          query.unread === undefined
            ? undefined
            : query.unread
              ? isNull(notifications.readAt)
              : isNotNull(notifications.readAt),
          cursor
            ? sql`(${notifications.createdAt}, ${notifications.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.limit + 1),
    unreadCount(db, userId),
  ]);
  const page = pageOf(rows, query.limit);
  return { items: page.rows.map(toNotification), nextCursor: page.nextCursor, unreadCount: unread };
}

/** How many of the person's notifications are unread: what the bell shows. */
export async function unreadCount(db: AppDatabase, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.count ?? 0);
}

/** Marks one of the person's notifications read (again: the first time stays); another's → 404. */
export async function markRead(
  db: AppDatabase,
  userId: string,
  id: string,
  now: Date,
): Promise<Notification> {
  const own = and(eq(notifications.id, id), eq(notifications.userId, userId));
  const [updated] = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(own, isNull(notifications.readAt)))
    .returning();
  if (updated) return toNotification(updated);
  const [already] = await db.select().from(notifications).where(own);
  if (!already) throw new AppError('not_found');
  return toNotification(already);
}

/** Marks every unread notification of the person read; returns how many changed. */
export async function markAllRead(db: AppDatabase, userId: string, now: Date): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return updated.length;
}

/** Every type's preference of the person, in NOTIFICATION_TYPES order; a type never set is on. */
export async function notificationPreferencesOf(
  db: AppDatabase,
  userId: string,
): Promise<NotificationPreferences> {
  const rows = await db
    .select({ type: notificationPreferences.type, inApp: notificationPreferences.inApp })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const off = new Set(rows.filter((row) => !row.inApp).map((row) => row.type));
  return { items: NOTIFICATION_TYPES.map((type) => ({ type, inApp: !off.has(type) })) };
}

/** Changes the preferences of the types given (the others stay) and answers all of them. */
export async function updateNotificationPreferences(
  db: AppDatabase,
  userId: string,
  update: UpdateNotificationPreferences,
  now: Date,
): Promise<NotificationPreferences> {
  await db
    .insert(notificationPreferences)
    .values(update.items.map((item) => ({ userId, type: item.type, inApp: item.inApp, updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: { inApp: sql`excluded.in_app`, updatedAt: sql`excluded.updated_at` },
    });
  return notificationPreferencesOf(db, userId);
}
