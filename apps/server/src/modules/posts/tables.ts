import { VISIBILITIES } from '@ztart/shared/contracts/posts';
import { TEXT_LIMITS } from '@ztart/shared/limits';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, sqlList } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';

/**
 * Gallery photos, re-encoded like avatars (WebP, no metadata) and kept in the database so every
 * server instance serves them. Public ones show on the public profile; private ones only to
 * their owner.
 */
export const profilePhotos = pgTable(
  'profile_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: bytea('content').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    visibility: text('visibility').notNull().default('private'),
    createdAt: createdAt(),
  },
  (t) => [
    // Newest first per person (own gallery, public profile), page after page.
    index('profile_photos_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    check('profile_photos_visibility_known', sql`${t.visibility} IN (${sqlList(VISIBILITIES)})`),
  ],
);

/** Short posts, each with optionally one of its author's gallery photos. */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** Deleting the photo from the gallery keeps the post, without its photo. */
    photoId: uuid('photo_id').references(() => profilePhotos.id, { onDelete: 'set null' }),
    visibility: text('visibility').notNull().default('private'),
    createdAt: createdAt(),
  },
  (t) => [
    index('posts_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('posts_photo_id_idx').on(t.photoId),
    check('posts_visibility_known', sql`${t.visibility} IN (${sqlList(VISIBILITIES)})`),
    check(
      'posts_text_length',
      sql`char_length(${t.text}) BETWEEN 1 AND ${sql.raw(String(TEXT_LIMITS.post))}`,
    ),
  ],
);

export type ProfilePhotoRow = typeof profilePhotos.$inferSelect;
export type PostRow = typeof posts.$inferSelect;
