import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client.ts';
import type { DataKeyring } from '../db/encryption.ts';
import { queryRows } from '../db/raw-query.ts';
import type { PayoutDestination } from '../integrations/card-processor/processor.ts';
import { sealBankDetails } from '../modules/payment-methods/bank-details.ts';

export interface MigrateOptions {
  /** The keys a migration that encrypts existing rows seals them with (DATA_ENCRYPTION_KEYS). */
  dataKeys?: DataKeyring;
  /** Applies the migrations before this one only (tests of a migration over older rows). */
  stopBefore?: string;
}

/**
 * A migration that needs code, not only SQL (encrypting existing values): it is handed its SQL
 * to run when it is ready, in the same transaction, so it can read rows before and write after.
 */
export type MigrationStepInCode = (
  tx: AppDatabase,
  applySql: () => Promise<void>,
  options: MigrateOptions,
) => Promise<void>;

interface ClearBankAccount extends Record<string, unknown> {
  id: string;
  bank_account_kind: string | null;
  iban: string | null;
  account_number: string | null;
  routing_number: string | null;
}

/**
 * 0011: bank account numbers leave their clear columns for one sealed column. The clear values
 * are read first, the SQL adds the sealed column and drops the clear ones, then each row gets
 * its numbers back sealed; all in the migration's transaction, so no state in between is ever
 * committed.
 */
const encryptBankDetails: MigrationStepInCode = async (tx, applySql, options) => {
  const rows = await queryRows<ClearBankAccount>(
    tx,
    sql`SELECT id, bank_account_kind, iban, account_number, routing_number
        FROM payment_methods WHERE type = 'bank_account'`,
  );
  await applySql();
  if (rows.length === 0) return;
  if (!options.dataKeys) {
    throw new Error('encrypting the bank accounts already stored needs DATA_ENCRYPTION_KEYS');
  }
  for (const row of rows) {
    const details = clearDetailsOf(row);
    if (!details) continue;
    await writeSealed(tx, row.id, sealBankDetails(options.dataKeys, row.id, details));
  }
};

function clearDetailsOf(row: ClearBankAccount): PayoutDestination | undefined {
  if (row.bank_account_kind === 'iban' && row.iban) return { kind: 'iban', iban: row.iban };
  if (row.bank_account_kind === 'us_account' && row.account_number && row.routing_number) {
    return { kind: 'us_account', accountNumber: row.account_number, routingNumber: row.routing_number };
  }
  return undefined;
}

async function writeSealed(tx: AppDatabase, id: string, sealed: string): Promise<void> {
  await tx.execute(sql`UPDATE payment_methods SET bank_details_encrypted = ${sealed} WHERE id = ${id}`);
}

/** Migrations that need code, by name. */
export const STEPS_IN_CODE: Record<string, MigrationStepInCode> = {
  '0011_bank_details_encrypted': encryptBankDetails,
};
