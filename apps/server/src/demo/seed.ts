import { and, inArray, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../db/client.ts';
import { hashSecret } from '../modules/auth/secrets.ts';
import { users } from '../modules/auth/tables.ts';
import { profiles, userRoles } from '../modules/profiles/tables.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE } from './seed-people.ts';

/**
 * Loads the demo people (never in production: main.ts checks `config.seed`), with verified emails
 * (and, for some, verified phones) and the password DEMO_PASSWORD. Every insert skips rows that already exist, so a rerun changes
 * nothing, not even rows a demo user has edited since (a changed password stays changed); demo
 * people seeded before accounts existed get the password and verification they lack.
 */
export async function seedDemoData(db: AppDatabase): Promise<void> {
  const ids = DEMO_PEOPLE.map((person) => person.id);
  const present = await db
    .select({ id: users.id, passwordHash: users.passwordHash, deletedAt: users.deletedAt })
    .from(users)
    .where(inArray(users.id, ids));
  const missing = DEMO_PEOPLE.filter((person) => !present.some((row) => row.id === person.id));
  const lackingPassword = present.filter((row) => !row.passwordHash && !row.deletedAt).map((row) => row.id);
  // A demo person who deleted their account stays deleted.
  const deleted = new Set(present.filter((row) => row.deletedAt).map((row) => row.id));
  const people = DEMO_PEOPLE.filter((person) => !deleted.has(person.id));
  // Most starts find everyone there already: two reads instead of writes that would change nothing.
  if (missing.length === 0 && lackingPassword.length === 0 && (await allPresent(db, people))) return;
  // One argon2 hash for all of them, computed only when some account needs it.
  const passwordHash =
    missing.length > 0 || lackingPassword.length > 0 ? await hashSecret(DEMO_PASSWORD) : null;
  const verifiedAt = new Date();

  await db.transaction(async (tx) => {
    if (passwordHash && missing.length > 0) {
      await tx
        .insert(users)
        .values(missing.map(({ id, email }) => ({ id, email, passwordHash, emailVerifiedAt: verifiedAt })))
        .onConflictDoNothing();
    }
    if (passwordHash && lackingPassword.length > 0) {
      await tx
        .update(users)
        .set({ passwordHash, emailVerifiedAt: verifiedAt })
        .where(and(inArray(users.id, lackingPassword), isNull(users.passwordHash)));
    }
    if (people.length === 0) return;
    await tx
      .insert(profiles)
      .values(
        people.map((person) => ({
          id: person.id,
          userLevel: person.userLevel,
          ztartag: person.ztartag,
          fullName: person.fullName,
          username: person.ztartag,
          language: person.language,
          location: person.location,
          bio: person.bio,
          phone: person.verifiedPhone ?? null,
          phoneVerifiedAt: person.verifiedPhone ? verifiedAt : null,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(userRoles)
      .values(people.flatMap((person) => person.roles.map((role) => ({ userId: person.id, role }))))
      .onConflictDoNothing();
  });
}

/** Whether every one of `people` has a profile and each of their roles. */
async function allPresent(db: AppDatabase, people: typeof DEMO_PEOPLE): Promise<boolean> {
  const ids = people.map((person) => person.id);
  if (ids.length === 0) return true;
  const [withProfile, roles] = await Promise.all([
    db.select({ id: profiles.id }).from(profiles).where(inArray(profiles.id, ids)),
    db
      .select({ userId: userRoles.userId, role: userRoles.role })
      .from(userRoles)
      .where(inArray(userRoles.userId, ids)),
  ]);
  const profileIds = new Set(withProfile.map((row) => row.id));
  const roleKeys = new Set(roles.map((row) => `${row.userId} ${row.role}`));
  return people.every(
    (person) =>
      profileIds.has(person.id) && person.roles.every((role) => roleKeys.has(`${person.id} ${role}`)),
  );
}
