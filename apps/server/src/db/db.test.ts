import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../demo/seed.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE } from '../demo/seed-people.ts';
import { migrateDatabase } from '../migrations/migrate.ts';
import { verifySecret } from '../modules/auth/secrets.ts';
import { users } from '../modules/auth/tables.ts';
import { isVerifiedPerson } from '../modules/profiles/payer.ts';
import { profiles, userRoles } from '../modules/profiles/tables.ts';
import { CHECK_VIOLATION, sqlStateOf, UNIQUE_VIOLATION } from '../test/database-errors.ts';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database } from './client.ts';
import { MIGRATIONS_FOLDER } from './migrations-folder.ts';
import { queryRows } from './raw-query.ts';

/** The shape of our schema as the database sees it: every column of every table, in order. */
async function describeSchema(database: Database) {
  return queryRows(
    database.db,
    sql`SELECT table_name, column_name, data_type, column_default, is_nullable
        FROM information_schema.columns
        WHERE table_schema = ${database.schemaName}
        ORDER BY table_name, ordinal_position`,
  );
}

async function everyRow(database: Database) {
  const { db } = database;
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    profiles: await db.select().from(profiles).orderBy(asc(profiles.id)),
    roles: await db.select().from(userRoles).orderBy(asc(userRoles.userId), asc(userRoles.role)),
  };
}

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('migrations', () => {
  it('build the schema on an empty database, and a second run at the next start changes nothing', async () => {
    database = await openTestDatabase({ migrate: false });
    const migrationCount = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;

    expect(await migrateDatabase(database)).toEqual({ applied: migrationCount });
    const schemaAfterFirstRun = await describeSchema(database);
    expect(await migrateDatabase(database)).toEqual({ applied: 0 });

    expect(schemaAfterFirstRun.map((column) => column.table_name)).toEqual(
      expect.arrayContaining([
        'users',
        'profiles',
        'user_roles',
        'sessions',
        'auth_tokens',
        'phone_codes',
        'avatars',
        'user_pins',
        'audit_log',
        'outbox_messages',
      ]),
    );
    expect(await describeSchema(database)).toEqual(schemaAfterFirstRun);
  });

  it('apply at the next start the migration that the journal does not have yet', async () => {
    database = await openTestDatabase({ migrate: false });
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const newest = journal.entries.at(-1)!.tag;
    const migrationCount = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;

    expect(await migrateDatabase(database, { stopBefore: newest })).toEqual({ applied: migrationCount - 1 });
    expect(await migrateDatabase(database)).toEqual({ applied: 1 });
    expect(await migrateDatabase(database)).toEqual({ applied: 0 });
  });
});

describe('demo seed', () => {
  it('loads the demo people with profiles and roles, and a rerun leaves the same rows', async () => {
    database = await openTestDatabase();

    await seedDemoData(database.db);
    const afterFirstSeed = await everyRow(database);
    await seedDemoData(database.db);

    expect(afterFirstSeed.users).toHaveLength(DEMO_PEOPLE.length);
    expect(afterFirstSeed.profiles.map((profile) => profile.ztartag).sort()).toEqual(
      DEMO_PEOPLE.map((person) => person.ztartag).sort(),
    );
    expect(afterFirstSeed.roles.filter((row) => row.role === 'admin')).toHaveLength(1);
    expect(await everyRow(database)).toEqual(afterFirstSeed);
  });

  it('gives the demo people verified emails and the demo password, and leaves a changed password alone', async () => {
    database = await openTestDatabase();
    await seedDemoData(database.db);
    const [maria] = await database.db
      .select()
      .from(users)
      .where(sql`${users.email} = 'maria.santos@example.com'`);
    expect(maria?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifySecret(maria!.passwordHash!, DEMO_PASSWORD)).toBe(true);
    expect(maria!.passwordHash).not.toContain(DEMO_PASSWORD);

    await database.db.update(users).set({ passwordHash: 'changed' }).where(sql`${users.id} = ${maria!.id}`);
    await seedDemoData(database.db);

    const [again] = await database.db.select().from(users).where(sql`${users.id} = ${maria!.id}`);
    expect(again?.passwordHash).toBe('changed');
  });

  it('makes Sam and Claire verified (email and phone), so the demo can send above the daily limit; Maria and Leo are not', async () => {
    database = await openTestDatabase();
    await seedDemoData(database.db);
    const verified = await Promise.all(
      DEMO_PEOPLE.map(async (person) => [person.ztartag, await isVerifiedPerson(database!.db, person.id)]),
    );
    expect(Object.fromEntries(verified)).toEqual({
      maria_waits: false,
      leo_guitar: false,
      sam_drives: true,
      cafe_aurora: true,
      ztart_admin: false,
    });
  });

  it('keeps what a demo user changed when the seed runs again at the next start', async () => {
    database = await openTestDatabase();
    await seedDemoData(database.db);
    await database.db
      .update(profiles)
      .set({ bio: 'Now playing jazz too' })
      .where(sql`${profiles.ztartag} = 'leo_guitar'`);

    await seedDemoData(database.db);

    const [leo] = await database.db.select().from(profiles).where(sql`${profiles.ztartag} = 'leo_guitar'`);
    expect(leo?.bio).toBe('Now playing jazz too');
  });

  it('puts back a role of a demo person that is missing at the next start', async () => {
    database = await openTestDatabase();
    await seedDemoData(database.db);
    const rolesOf = async (db: Database) =>
      (await everyRow(db)).roles.map(({ userId, role }) => ({ userId, role }));
    const complete = await rolesOf(database);
    await database.db.delete(userRoles).where(sql`${userRoles.role} = 'admin'`);
    expect(await rolesOf(database)).toHaveLength(complete.length - 1);

    await seedDemoData(database.db);

    expect(await rolesOf(database)).toEqual(complete);
  });
});

describe('profile constraints', () => {
  it('refuses a second person with the same ztartag in other letter case', async () => {
    database = await openTestDatabase();
    await seedDemoData(database.db);
    const [stranger] = await database.db.insert(users).values({ email: 'stranger@example.com' }).returning();

    expect(
      await sqlStateOf(database.db.insert(profiles).values({ id: stranger!.id, ztartag: 'MARIA_WAITS' })),
    ).toBe(UNIQUE_VIOLATION);
  });

  it('refuses roles, levels, tags and emails that break the rules', async () => {
    database = await openTestDatabase();
    const [person] = await database.db.insert(users).values({ email: 'person@example.com' }).returning();

    const { db } = database;
    expect(await sqlStateOf(db.insert(userRoles).values({ userId: person!.id, role: 'owner' }))).toBe(
      CHECK_VIOLATION,
    );
    expect(await sqlStateOf(db.insert(profiles).values({ id: person!.id, userLevel: 'platinum' }))).toBe(
      CHECK_VIOLATION,
    );
    expect(await sqlStateOf(db.insert(profiles).values({ id: person!.id, ztartag: 'no spaces' }))).toBe(
      CHECK_VIOLATION,
    );
    expect(await sqlStateOf(db.insert(users).values({ email: 'Capital@Example.com' }))).toBe(CHECK_VIOLATION);
  });

  it('gives a new profile the defaults of the spec: freemium level, free tag plan, English', async () => {
    database = await openTestDatabase();
    const [person] = await database.db.insert(users).values({ email: 'new@example.com' }).returning();
    const [profile] = await database.db.insert(profiles).values({ id: person!.id }).returning();
    const [role] = await database.db.insert(userRoles).values({ userId: person!.id }).returning();

    expect(profile).toMatchObject({
      userLevel: 'freemium',
      ztartagPlan: 'free',
      language: 'en',
      socialLinks: {},
    });
    expect(role?.role).toBe('user');
  });

  it('removes the profile and roles of a deleted user', async () => {
    database = await openTestDatabase();
    await seedDemoData(database.db);

    await database.db.delete(users).where(sql`${users.email} = 'leo.martin@example.com'`);

    const rows = await everyRow(database);
    expect(rows.profiles.map((profile) => profile.ztartag)).not.toContain('leo_guitar');
    expect(rows.roles).toHaveLength(DEMO_PEOPLE.flatMap((person) => person.roles).length - 1);
  });
});
