import { profiles, userRoles, users } from '../modules/profiles/tables.ts';
import type { AppDatabase } from './client.ts';
import { DEMO_PEOPLE } from './seed-people.ts';

/**
 * Loads the demo people (never in production: main.ts checks `config.seed`). Every insert skips
 * rows that already exist, so a rerun changes nothing, not even rows a demo user has edited since.
 */
export async function seedDemoData(db: AppDatabase): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values(DEMO_PEOPLE.map(({ id, email }) => ({ id, email })))
      .onConflictDoNothing();
    await tx
      .insert(profiles)
      .values(
        DEMO_PEOPLE.map((person) => ({
          id: person.id,
          userLevel: person.userLevel,
          ztartag: person.ztartag,
          fullName: person.fullName,
          username: person.ztartag,
          language: person.language,
          location: person.location,
          bio: person.bio,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(userRoles)
      .values(DEMO_PEOPLE.flatMap((person) => person.roles.map((role) => ({ userId: person.id, role }))))
      .onConflictDoNothing();
  });
}
