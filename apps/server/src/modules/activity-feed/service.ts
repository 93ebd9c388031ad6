import {
  ACTIVITY_AUDIT_ACTION_LIST,
  ACTIVITY_AUDIT_ACTIONS,
  type ActivityAuditAction,
  type ActivityItem,
  type ActivityListResponse,
  type ActivityQuery,
  activityTypeOf,
} from '@ztart/shared/contracts/activity';
import type { AppDatabase } from '../../db/client.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import { listAuditRows } from '../activity/service.ts';
import type { AuditLogRow } from '../activity/tables.ts';
import { toTransaction } from '../transactions/record.ts';
import { selectTransactionPage, transactionFilterOf } from '../transactions/service.ts';
import type { TransactionRow } from '../transactions/tables.ts';

/** An entry of the feed with the time and id its page is cut by. */
interface Entry {
  createdAt: Date;
  id: string;
  item: ActivityItem;
}

function auditEntry(row: AuditLogRow): Entry {
  const action = row.actionType as ActivityAuditAction;
  const ztartag = action === 'qr_scanned' ? row.metadata?.ztartag : null;
  return {
    createdAt: row.createdAt,
    id: row.id,
    item: {
      id: row.id,
      type: activityTypeOf(action),
      action,
      userAgent: row.userAgent,
      ztartag: typeof ztartag === 'string' ? ztartag : null,
      transaction: null,
      createdAt: row.createdAt.toISOString(),
    },
  };
}

function moneyEntry(row: TransactionRow): Entry {
  return {
    createdAt: row.createdAt,
    id: row.id,
    item: {
      id: row.id,
      type: 'money',
      action: null,
      userAgent: null,
      ztartag: null,
      transaction: toTransaction(row),
      createdAt: row.createdAt.toISOString(),
    },
  };
}

/** Newest first; at the same moment, the larger id first (as PostgreSQL orders uuids). */
function newestFirst(a: Entry, b: Entry): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/**
 * The signed-in person's own activity, newest first: sign-ins and security changes from the audit
 * log, their money from their transactions, their QR scans. Each source gives at most a page
 * after the cursor; the merged page keeps the newest, and its last entry is the next cursor.
 */
export async function listActivity(
  db: AppDatabase,
  userId: string,
  query: ActivityQuery,
): Promise<ActivityListResponse> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const fetch = query.limit + 1;
  const actions =
    query.type === undefined
      ? ACTIVITY_AUDIT_ACTION_LIST
      : query.type === 'money'
        ? []
        : ACTIVITY_AUDIT_ACTIONS[query.type];
  const withMoney = query.type === undefined || query.type === 'money';
  const [audits, money] = await Promise.all([
    listAuditRows(db, userId, actions, cursor, fetch),
    withMoney ? selectTransactionPage(db, transactionFilterOf(userId, {}), cursor, fetch) : [],
  ]);
  const entries = [...audits.map(auditEntry), ...money.map(moneyEntry)].sort(newestFirst);
  const page = pageOf(entries.slice(0, fetch), query.limit);
  return { items: page.rows.map((entry) => entry.item), nextCursor: page.nextCursor };
}
