import type { PublicProfile } from '@ztart/shared/contracts/profiles';
import { eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { profiles } from './tables.ts';

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
