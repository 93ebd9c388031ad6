import type { Goal } from '@ztart/shared/contracts/goals';
import { and, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import type { ReencodedImage } from '../profiles/avatars.ts';
import { findOwnGoal, setGoalPictureId, toGoal } from './service.ts';
import { goalPictures, goals } from './tables.ts';

/** A goal's picture fits in this square box (never enlarged): enough for a card on any screen. */
export const GOAL_PICTURE_MAX_EDGE_PX = 800;

/** Stores a new picture under a new id (so caches never show the old one) and drops the old. */
export async function replaceGoalPicture(
  db: AppDatabase,
  userId: string,
  goalId: string,
  image: ReencodedImage,
  now: Date,
): Promise<Goal> {
  return db.transaction(async (tx) => {
    await findOwnGoal(tx, userId, goalId);
    await tx.delete(goalPictures).where(eq(goalPictures.goalId, goalId));
    const [picture] = await tx
      .insert(goalPictures)
      .values({ goalId, content: image.content, contentType: image.contentType })
      .returning({ id: goalPictures.id });
    await setGoalPictureId(tx, goalId, picture!.id, now);
    return toGoal(await findOwnGoal(tx, userId, goalId), now);
  });
}

export async function removeGoalPicture(
  db: AppDatabase,
  userId: string,
  goalId: string,
  now: Date,
): Promise<Goal> {
  return db.transaction(async (tx) => {
    await findOwnGoal(tx, userId, goalId);
    await tx.delete(goalPictures).where(eq(goalPictures.goalId, goalId));
    await setGoalPictureId(tx, goalId, null, now);
    return toGoal(await findOwnGoal(tx, userId, goalId), now);
  });
}

/** The bytes of one of the person's goal pictures; another's reads as none. */
export async function findGoalPicture(db: AppDatabase, userId: string, goalId: string) {
  const [picture] = await db
    .select({ content: goalPictures.content, contentType: goalPictures.contentType })
    .from(goalPictures)
    .innerJoin(goals, eq(goals.id, goalPictures.goalId))
    .where(and(eq(goalPictures.goalId, goalId), eq(goals.ownerId, userId)))
    .limit(1);
  return picture;
}
