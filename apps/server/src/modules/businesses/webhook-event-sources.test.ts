import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import { migrateDatabase } from '../../migrations/migrate.ts';
import { openTestDatabase } from '../../test/test-database.ts';

const STEP = '0031_webhook_event_sources';
const TIP = '5b0f9b4e-3f43-4d7e-8d3a-0f0a0e5d1a01';
const TRANSACTION = '5b0f9b4e-3f43-4d7e-8d3a-0f0a0e5d1a02';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('the migration that keys webhook events by what they tell of', () => {
  it('keys the events queued before it from their payload, the first of any twins only, and leaves pings unkeyed', async () => {
    database = await openTestDatabase({ migrate: false });
    await migrateDatabase(database, { stopBefore: STEP });
    const [owner, account] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO users (email) VALUES ('owner@example.com'), ('cafe@example.com') RETURNING id`,
    );
    const [business] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO businesses (owner_id, account_id, name, currency)
          VALUES (${owner?.id}, ${account?.id}, 'Café Aurora', 'USD') RETURNING id`,
    );
    const [hook] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO business_webhooks (business_id, url, events, secret_sealed)
          VALUES (${business?.id}, 'https://example.com/hooks', '["tip.received"]', 'sealed') RETURNING id`,
    );
    const queue = (event: string, data: object, at: string) =>
      database?.db.execute(sql`
        INSERT INTO webhook_deliveries (webhook_id, event, payload, created_at)
        VALUES (${hook?.id}, ${event}, ${JSON.stringify({ event, data })}::jsonb, ${at}::timestamptz)`);
    await queue('tip.received', { tipId: TIP }, '2026-03-10T09:00:00Z');
    await queue('tip.received', { tipId: TIP }, '2026-03-10T09:00:05Z');
    await queue('transfer.received', { transactionId: TRANSACTION }, '2026-03-10T09:01:00Z');
    await queue('invoice.paid', { transactionId: TRANSACTION }, '2026-03-10T09:02:00Z');
    await queue('ping', {}, '2026-03-10T09:03:00Z');

    await migrateDatabase(database);

    const rows = await queryRows<{ event: string; created_at: string; source_key: string | null }>(
      database.db,
      sql`SELECT event, to_char(created_at AT TIME ZONE 'UTC', 'HH24:MI:SS') AS created_at, source_key
          FROM webhook_deliveries ORDER BY created_at`,
    );
    expect(rows).toEqual([
      { event: 'tip.received', created_at: '09:00:00', source_key: `tip:${TIP}` },
      { event: 'tip.received', created_at: '09:00:05', source_key: null },
      { event: 'transfer.received', created_at: '09:01:00', source_key: `transaction:${TRANSACTION}` },
      { event: 'invoice.paid', created_at: '09:02:00', source_key: `transaction:${TRANSACTION}` },
      { event: 'ping', created_at: '09:03:00', source_key: null },
    ]);
    // From now on a webhook is told of a source once per event.
    await expect(queue('tip.received', { tipId: TIP }, '2026-03-10T09:04:00Z')).resolves.toBeDefined();
    await expect(
      database.db.execute(sql`
        INSERT INTO webhook_deliveries (webhook_id, event, payload, source_key)
        VALUES (${hook?.id}, 'tip.received', '{}'::jsonb, ${`tip:${TIP}`})`),
    ).rejects.toThrow();
  });
});
