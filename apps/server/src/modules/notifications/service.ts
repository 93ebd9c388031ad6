import { randomUUID } from 'node:crypto';
import type {
  Notification,
  NotificationEvent,
  NotificationListResponse,
  NotificationType,
} from '@ztart/shared/contracts/notifications';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import { AppError } from '../../http/errors.ts';
import { type NotificationRow, notifications } from './tables.ts';

export type NotificationData = Notification['data'];

export interface NewNotification {
  userId: string;
  type: NotificationType;
  event: NotificationEvent;
  data: NotificationData;
  now: Date;
}

/**
 * Writes a notification; call it inside the database transaction of the event it tells of, and
 * publish `{ type: 'notification', notification: toNotification(row) }` after that commits.
 */
export async function notify(tx: AppDatabase, input: NewNotification): Promise<NotificationRow> {
  const row = notificationRow(input);
  await tx.insert(notifications).values(row);
  return row;
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
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(
        and(
          mine,
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
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(mine, isNull(notifications.readAt))),
  ]);
  const page = pageOf(rows, query.limit);
  return {
    items: page.rows.map(toNotification),
    nextCursor: page.nextCursor,
    unreadCount: Number(unread?.count ?? 0),
  };
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
