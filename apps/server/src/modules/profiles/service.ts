import type { OwnProfile, PublicProfile, UpdateProfileRequest } from '@ztart/shared/contracts/profiles';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@ztart/shared/languages';
import {
  DEFAULT_ROLE,
  type MetaDashboardAccess,
  metaDashboardAccess,
  STORED_ROLES,
  type StoredRole,
  type UserLevel,
} from '@ztart/shared/roles';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@ztart/shared/time-zones';
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { isInvalidParameterValue, isUniqueViolation } from '../../db/errors.ts';
import { AppError, isAppError } from '../../http/errors.ts';
import { avatars, type ProfileRow, profiles, userRoles } from './tables.ts';

export const ZTARTAG_UNIQUE_INDEX = 'profiles_ztartag_lower_key';

/** What anyone may see of the person behind a ztartag; the tag is matched case-insensitively. */
export async function findPublicProfile(db: AppDatabase, ztartag: string): Promise<PublicProfile> {
  const [profile] = await db
    .select({ ztartag: profiles.ztartag, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(sql`lower(${profiles.ztartag})`, ztartag.toLowerCase()))
    .limit(1);
  if (!profile?.ztartag) throw new AppError('not_found');
  return { ztartag: profile.ztartag, fullName: profile.fullName, avatarUrl: profile.avatarUrl };
}

/** A new account's profile and its default role, in the caller's transaction. */
export async function createProfileWithDefaultRole(
  db: AppDatabase,
  options: { userId: string; ztartag: string | undefined; language: Language; timeZone?: string | undefined },
): Promise<void> {
  // The sign-up form sends the device's zone without showing it: one the database cannot count
  // in is kept as UTC (the person chooses another in Preferences) rather than refusing the account.
  const timeZone =
    options.timeZone !== undefined && (await usableTimeZone(db, options.timeZone))
      ? options.timeZone
      : DEFAULT_TIME_ZONE;
  await db.insert(profiles).values({
    id: options.userId,
    ztartag: options.ztartag ?? null,
    language: options.language,
    timeZone,
  });
  await db.insert(userRoles).values({ userId: options.userId, role: DEFAULT_ROLE });
}

export async function findProfileRow(db: AppDatabase, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row;
}

export function toOwnProfile(row: ProfileRow, email: string): OwnProfile {
  return {
    id: row.id,
    userLevel: row.userLevel as UserLevel,
    ztartag: row.ztartag,
    ztartagPlan: row.ztartagPlan,
    fullName: row.fullName,
    username: row.username,
    email,
    phone: row.phone,
    birthday: row.birthday,
    location: row.location,
    bio: row.bio,
    website: row.website,
    socialLinks: row.socialLinks,
    avatarUrl: row.avatarUrl,
    language: isLanguage(row.language) ? row.language : FALLBACK_LANGUAGE,
    timeZone: isTimeZone(row.timeZone) ? row.timeZone : DEFAULT_TIME_ZONE,
  };
}

/** The person's own profile, or 404 `user_profile_not_found`. */
export async function getOwnProfile(
  db: AppDatabase,
  user: { id: string; email: string },
): Promise<OwnProfile> {
  const row = await findProfileRow(db, user.id);
  if (!row) throw new AppError('user_profile_not_found');
  return toOwnProfile(row, user.email);
}

/** What the database answered for each zone asked about: its zone data stays the same while the process runs. */
const databaseZones = new Map<string, boolean>();
const DATABASE_ZONES_KEPT = 1_000;

/**
 * Whether the database can count in a zone (`timestamp AT TIME ZONE`). Its zone data is not the
 * runtime's: `US/Pacific-New` passes Intl on Node 20 but PostgreSQL refuses it, and a zone newer
 * than one side's data may be known to the other. Asked in a savepoint, so that a refusal leaves
 * the caller's transaction usable.
 */
export async function databaseKnowsTimeZone(db: AppDatabase, timeZone: string): Promise<boolean> {
  const kept = databaseZones.get(timeZone);
  if (kept !== undefined) return kept;
  let known = true;
  try {
    await db.transaction(async (savepoint) => {
      await savepoint.execute(sql`SELECT now() AT TIME ZONE ${timeZone}::text`);
    });
  } catch (error) {
    if (!isInvalidParameterValue(error)) throw error;
    known = false;
  }
  if (databaseZones.size >= DATABASE_ZONES_KEPT) databaseZones.clear();
  databaseZones.set(timeZone, known);
  return known;
}

/**
 * A zone the person may keep: one the runtime and the database both know. Another at
 * PATCH /api/profiles/me → 400 `time_zone_unsupported`.
 */
export async function usableTimeZone(db: AppDatabase, timeZone: string): Promise<boolean> {
  return isTimeZone(timeZone) && (await databaseKnowsTimeZone(db, timeZone));
}

/**
 * The time zone the person's months begin in: UTC for one the runtime or the database does not
 * know (kept before either stopped knowing it), so that no sum over their months fails.
 */
export async function timeZoneOf(db: AppDatabase, userId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row && (await usableTimeZone(db, row.timeZone)) ? row.timeZone : DEFAULT_TIME_ZONE;
}

/** The language mails and SMS to this person are written in. */
export async function languageOf(db: AppDatabase, userId: string): Promise<Language> {
  const [row] = await db
    .select({ language: profiles.language })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row && isLanguage(row.language) ? row.language : FALLBACK_LANGUAGE;
}

export async function rolesOf(db: AppDatabase, userId: string): Promise<StoredRole[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.role));
  return rows
    .map((row) => row.role)
    .filter((role): role is StoredRole => STORED_ROLES.includes(role as StoredRole));
}

export async function isAdmin(db: AppDatabase, userId: string): Promise<boolean> {
  return (await rolesOf(db, userId)).includes('admin');
}

/** Whether someone other than `exceptUserId` holds the tag, in any letter case. */
export async function isZtartagTaken(
  db: AppDatabase,
  ztartag: string,
  exceptUserId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(sql`lower(${profiles.ztartag})`, ztartag.toLowerCase()),
        exceptUserId ? ne(profiles.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Changes the fields sent, and only those. A tag someone else holds → 409 `ztartag_taken` (also
 * when two people claim it at the same moment); any unexpected failure → `profile_update_failed`.
 */
export async function updateOwnProfile(
  db: AppDatabase,
  user: { id: string; email: string },
  patch: UpdateProfileRequest,
): Promise<OwnProfile> {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  if (patch.timeZone !== undefined && !(await usableTimeZone(db, patch.timeZone))) {
    throw new AppError('time_zone_unsupported', { details: { field: 'timeZone' } });
  }
  try {
    if (patch.ztartag && (await isZtartagTaken(db, patch.ztartag, user.id)))
      throw new AppError('ztartag_taken');
    const [row] =
      Object.keys(changes).length === 0
        ? await db.select().from(profiles).where(eq(profiles.id, user.id))
        : await db.update(profiles).set(changes).where(eq(profiles.id, user.id)).returning();
    if (!row) throw new AppError('user_profile_not_found');
    return toOwnProfile(row, user.email);
  } catch (error) {
    if (isAppError(error)) throw error;
    if (isUniqueViolation(error, ZTARTAG_UNIQUE_INDEX)) throw new AppError('ztartag_taken');
    throw new AppError('profile_update_failed', { cause: error });
  }
}

/** The partial unique index that keeps a verified phone number on one account at a time. */
export const VERIFIED_PHONE_UNIQUE_INDEX = 'profiles_verified_phone_key';

/** Whether another account has verified this number (which keeps it until it changes or leaves). */
export async function isPhoneVerifiedElsewhere(
  db: AppDatabase,
  userId: string,
  phone: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.phone, phone), isNotNull(profiles.phoneVerifiedAt), ne(profiles.id, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The number becomes the person's verified one; a number another account has verified meanwhile
 * → 409 `phone_in_use` (the unique index decides between two at the same moment).
 */
export async function setVerifiedPhone(
  db: AppDatabase,
  userId: string,
  phone: string,
  at: Date,
): Promise<void> {
  if (await isPhoneVerifiedElsewhere(db, userId, phone)) throw new AppError('phone_in_use');
  try {
    await db.update(profiles).set({ phone, phoneVerifiedAt: at }).where(eq(profiles.id, userId));
  } catch (error) {
    if (isUniqueViolation(error, VERIFIED_PHONE_UNIQUE_INDEX)) throw new AppError('phone_in_use');
    throw error;
  }
}

export async function setAvatarUrl(db: AppDatabase, userId: string, avatarUrl: string | null): Promise<void> {
  await db.update(profiles).set({ avatarUrl }).where(eq(profiles.id, userId));
}

/** Account deletion: every personal field goes, the tag is freed, photos and roles are removed. */
export async function eraseProfile(db: AppDatabase, userId: string): Promise<void> {
  await db
    .update(profiles)
    .set({
      ztartag: null,
      fullName: null,
      username: null,
      phone: null,
      phoneVerifiedAt: null,
      birthday: null,
      location: null,
      bio: null,
      website: null,
      socialLinks: {},
      avatarUrl: null,
    })
    .where(eq(profiles.id, userId));
  await db.delete(avatars).where(eq(avatars.userId, userId));
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
}

/** The spec's can_access_meta_dashboard rule, applied to a person's roles and user level. */
export async function metaDashboardAccessOf(db: AppDatabase, userId: string): Promise<MetaDashboardAccess> {
  const row = await findProfileRow(db, userId);
  if (!row) throw new AppError('not_found');
  return metaDashboardAccess({ roles: await rolesOf(db, userId), userLevel: row.userLevel as UserLevel });
}
