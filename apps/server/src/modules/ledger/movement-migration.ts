import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_FOLDER } from '../../db/migrations-folder.ts';

/**
 * The ledger movement's SQL lives next to its contract (movement.sql, movement.ts); a migration
 * installs it. A migration never changes once applied, so the function's text is copied into one:
 * everything after this line of the newest migration that has it is movement.sql, verbatim.
 */
export const MOVEMENT_MARKER =
  '-- ledger_movement, copied from src/modules/ledger/movement.sql by `npm run db:movement`; edit it there.';

export const MOVEMENT_SOURCE = fileURLToPath(new URL('./movement.sql', import.meta.url));

export function movementSource(): string {
  return readFileSync(MOVEMENT_SOURCE, 'utf8');
}

/** The newest migration that installs the movement, and what it installs. */
export function installedMovement(folder = MIGRATIONS_FOLDER): { file: string; before: string; sql: string } {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .reverse();
  for (const name of files) {
    const file = join(folder, name);
    const text = readFileSync(file, 'utf8');
    const at = text.indexOf(MOVEMENT_MARKER);
    if (at >= 0) return { file, before: text.slice(0, at), sql: text.slice(at + MOVEMENT_MARKER.length + 1) };
  }
  throw new Error(`no migration has the line: ${MOVEMENT_MARKER}`);
}

/**
 * Copies movement.sql into the newest migration that installs it. To change the movement: make a
 * new migration (`npx drizzle-kit generate --custom` in apps/server), end it with
 * `--> statement-breakpoint` and the marker line, edit movement.sql, then run this.
 */
export function writeMovementMigration(folder = MIGRATIONS_FOLDER): string {
  const { file, before } = installedMovement(folder);
  writeFileSync(file, `${before}${MOVEMENT_MARKER}\n${movementSource()}`);
  return file;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`ledger movement copied into ${writeMovementMigration()}`);
}
