import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/migrations-folder.ts';
import {
  installedMovement,
  MOVEMENT_MARKER,
  movementSource,
  writeMovementMigration,
} from './movement-migration.ts';

describe('the ledger movement’s source and its migration', () => {
  it('installs exactly movement.sql in the newest migration that installs it', () => {
    const installed = installedMovement();
    expect(installed.sql).toBe(movementSource());
    expect(installed.before.endsWith('--> statement-breakpoint\n')).toBe(true);
  });

  it('copies an edited source into that migration, and only there', () => {
    const folder = mkdtempSync(join(tmpdir(), 'movement-'));
    for (const name of readdirSync(MIGRATIONS_FOLDER).filter((file) => file.endsWith('.sql'))) {
      writeFileSync(join(folder, name), readFileSync(join(MIGRATIONS_FOLDER, name), 'utf8'));
    }
    const stale = installedMovement(folder);
    writeFileSync(stale.file, `${stale.before}${MOVEMENT_MARKER}\n-- an older text of the function\n`);
    expect(installedMovement(folder).sql).not.toBe(movementSource());

    const written = writeMovementMigration(folder);

    expect(written).toBe(stale.file);
    expect(installedMovement(folder)).toEqual({
      file: stale.file,
      before: stale.before,
      sql: movementSource(),
    });
  });
});
