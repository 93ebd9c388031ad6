import { z } from 'zod';
import { TEXT_LIMITS } from '../limits.ts';
import { ztartagSchema } from '../validation.ts';

/** `GET /api/public/profiles/:ztartag`: the tag is compared case-insensitively. */
export const publicProfileParamsSchema = z.object({ ztartag: ztartagSchema });
export type PublicProfileParams = z.infer<typeof publicProfileParamsSchema>;

/** What anyone may see of a person who can receive tips: never email, phone or other private fields. */
export const publicProfileSchema = z
  .object({
    ztartag: z.string(),
    fullName: z.string().max(TEXT_LIMITS.name).nullable(),
    avatarUrl: z.string().nullable(),
  })
  .meta({ id: 'PublicProfile' });
export type PublicProfile = z.infer<typeof publicProfileSchema>;
