import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import type { DataKey } from '../../db/encryption.ts';
import { queryRows } from '../../db/raw-query.ts';
import { migrateDatabase } from '../../migrations/migrate.ts';
import { as, type SignedInPerson } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { createPerson, fund } from '../../test/transfer-fixtures.ts';
import { openBankDetails, resealBankDetails, sealBankDetails } from './bank-details.ts';

const OLD_KEY: DataKey = { id: 'k2025', key: Buffer.alloc(32, 0x25) };
const NEW_KEY: DataKey = { id: 'k2026', key: Buffer.alloc(32, 0x26) };

const IBAN = 'GB82WEST12345698765432';
const ACCOUNT_NUMBER = '000123456789';
const ROUTING_NUMBER = '110000000';

/** Every row of payment_methods, as PostgreSQL's own text form of the row. */
async function rawPaymentMethods(database: Database): Promise<string> {
  const rows = await queryRows<{ row: string }>(
    database.db,
    sql`SELECT t::text AS row FROM payment_methods t`,
  );
  return rows.map((row) => row.row).join('\n');
}

async function sealedOf(database: Database): Promise<{ id: string; sealed: string }[]> {
  return queryRows(
    database.db,
    sql`SELECT id, bank_details_encrypted AS sealed FROM payment_methods
        WHERE type = 'bank_account' ORDER BY created_at, id`,
  );
}

let testApp: TestApp | undefined;
let database: Database | undefined;
afterEach(async () => {
  await testApp?.close();
  await database?.close();
  testApp = undefined;
  database = undefined;
});

function addBankAccount(app: TestApp['app'], person: SignedInPerson, account: object) {
  return app.inject(
    as(person, {
      method: 'POST',
      url: '/api/payment-methods',
      payload: { type: 'bank_account', holderName: 'Ada Lovelace', ...account },
    }),
  );
}

describe('bank account numbers at rest', () => {
  it('are stored encrypted: the raw rows hold no IBAN, account or routing number', async () => {
    testApp = await buildTestApp({ config: { dataEncryptionKeys: [NEW_KEY] } });
    const person = await createPerson(testApp.app, testApp.database.db);

    const iban = await addBankAccount(testApp.app, person, { iban: 'GB82 WEST 1234 5698 7654 32' });
    const us = await addBankAccount(testApp.app, person, {
      accountNumber: ACCOUNT_NUMBER,
      routingNumber: ROUTING_NUMBER,
    });

    expect(iban.json()).toMatchObject({ last4: '5432' });
    expect(us.json()).toMatchObject({ last4: '6789' });
    const raw = await rawPaymentMethods(testApp.database);
    expect(raw).toContain('v1:k2026:');
    for (const clear of [IBAN, 'GB82 WEST', ACCOUNT_NUMBER, ROUTING_NUMBER]) expect(raw).not.toContain(clear);
    const opened = (await sealedOf(testApp.database)).map((row) =>
      openBankDetails([NEW_KEY], row.id, row.sealed),
    );
    expect(opened).toEqual([
      { kind: 'iban', iban: IBAN },
      { kind: 'us_account', accountNumber: ACCOUNT_NUMBER, routingNumber: ROUTING_NUMBER },
    ]);
  });

  it('survive a key rotation: old values still pay out, and are sealed again with the new key', async () => {
    // The app now seals with the new key and still holds the old one.
    testApp = await buildTestApp({ config: { dataEncryptionKeys: [NEW_KEY, OLD_KEY] } });
    const { db } = testApp.database;
    const person = await createPerson(testApp.app, db, { phoneVerified: true });
    await fund(db, person.userId, 10_000);
    const added = await addBankAccount(testApp.app, person, {
      accountNumber: ACCOUNT_NUMBER,
      routingNumber: ROUTING_NUMBER,
    });
    const id: string = added.json().id;
    // As the account was stored before the rotation: sealed with the old key.
    const before = sealBankDetails([OLD_KEY], id, {
      kind: 'us_account',
      accountNumber: ACCOUNT_NUMBER,
      routingNumber: ROUTING_NUMBER,
    });
    await db.execute(sql`UPDATE payment_methods SET bank_details_encrypted = ${before} WHERE id = ${id}`);

    const withdrawal = await testApp.app.inject(
      as(person, {
        method: 'POST',
        url: '/api/wallet/withdrawals',
        payload: { paymentMethodId: id, amountMinor: 1_000, currency: 'USD' },
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);

    expect(await resealBankDetails(db, [NEW_KEY, OLD_KEY])).toBe(1);
    expect(await resealBankDetails(db, [NEW_KEY, OLD_KEY])).toBe(0);
    const [after] = await sealedOf(testApp.database);
    expect(after?.sealed).toMatch(/^v1:k2026:/);
    // The old key can now leave the configuration.
    expect(openBankDetails([NEW_KEY], id, after!.sealed)).toMatchObject({ accountNumber: ACCOUNT_NUMBER });
    expect(() => openBankDetails([OLD_KEY], id, after!.sealed)).toThrow(/k2026/);
  });
});

describe('the migration that encrypts bank accounts', () => {
  const STEP = '0011_bank_details_encrypted';

  /** A database as it was before the migration, with a person's clear bank accounts in it. */
  async function databaseWithClearAccounts(): Promise<Database> {
    const opened = await openTestDatabase({ migrate: false });
    await migrateDatabase(opened, { stopBefore: STEP });
    const [user] = await queryRows<{ id: string }>(
      opened.db,
      sql`INSERT INTO users (email) VALUES ('ada@example.com') RETURNING id`,
    );
    await opened.db.execute(sql`
      INSERT INTO payment_methods (user_id, type, last4, holder_name, bank_account_kind, iban, country)
      VALUES (${user!.id}, 'bank_account', '5432', 'Ada', 'iban', ${IBAN}, 'GB')`);
    await opened.db.execute(sql`
      INSERT INTO payment_methods
        (user_id, type, last4, holder_name, bank_account_kind, account_number, routing_number)
      VALUES (${user!.id}, 'bank_account', '6789', 'Ada', 'us_account', ${ACCOUNT_NUMBER}, ${ROUTING_NUMBER})`);
    return opened;
  }

  const clearColumns = (opened: Database) =>
    queryRows<{ column_name: string }>(
      opened.db,
      sql`SELECT column_name FROM information_schema.columns
          WHERE table_schema = ${opened.schemaName} AND table_name = 'payment_methods'
            AND column_name IN ('iban', 'account_number', 'routing_number')`,
    );

  it('encrypts the accounts already stored and drops the clear columns', async () => {
    database = await databaseWithClearAccounts();
    expect(await rawPaymentMethods(database)).toContain(IBAN);

    await migrateDatabase(database, { dataKeys: [NEW_KEY] });

    expect(await clearColumns(database)).toEqual([]);
    const raw = await rawPaymentMethods(database);
    for (const clear of [IBAN, ACCOUNT_NUMBER, ROUTING_NUMBER]) expect(raw).not.toContain(clear);
    const opened = (await sealedOf(database)).map((row) => openBankDetails([NEW_KEY], row.id, row.sealed));
    expect(opened).toEqual(
      expect.arrayContaining([
        { kind: 'iban', iban: IBAN },
        { kind: 'us_account', accountNumber: ACCOUNT_NUMBER, routingNumber: ROUTING_NUMBER },
      ]),
    );
  });

  it('changes nothing without a key to encrypt them with', async () => {
    database = await databaseWithClearAccounts();

    await expect(migrateDatabase(database)).rejects.toThrow(/DATA_ENCRYPTION_KEYS/);

    expect((await clearColumns(database)).map((column) => column.column_name).sort()).toEqual([
      'account_number',
      'iban',
      'routing_number',
    ]);
    expect(await rawPaymentMethods(database)).toContain(IBAN);
  });
});
