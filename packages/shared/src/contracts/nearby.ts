import { z } from 'zod';
import { NEARBY } from '../limits.ts';

/**
 * Nearby users (spec §2). A person turns visibility on, their app sends its position while the
 * page is open, and they see the other visible people around them with a rounded distance. No
 * answer carries coordinates: the server keeps only a coarse grid cell (limits.ts NEARBY).
 */

export const nearbyVisibilitySchema = z
  .object({
    /** Whether others nearby can find the person; off by default. */
    enabled: z.boolean(),
  })
  .meta({ id: 'NearbyVisibility' });
export type NearbyVisibility = z.infer<typeof nearbyVisibilitySchema>;

export const nearbyLocationRequestSchema = z
  .object({
    latitude: z.number().min(-90, 'validation.latitude').max(90, 'validation.latitude'),
    longitude: z.number().min(-180, 'validation.longitude').max(180, 'validation.longitude'),
  })
  .meta({ id: 'NearbyLocationRequest' });
export type NearbyLocationRequest = z.infer<typeof nearbyLocationRequestSchema>;

export const nearbyQuerySchema = z.object({
  radiusKm: z.coerce
    .number()
    .int('validation.radius')
    .min(1, 'validation.radius')
    .max(NEARBY.radiusKm.max, 'validation.radius')
    .default(NEARBY.radiusKm.default),
});
export type NearbyQuery = z.infer<typeof nearbyQuerySchema>;

export const nearbyPersonSchema = z
  .object({
    ztartag: z.string(),
    displayName: z.string(),
    avatarUrl: z.string().nullable(),
    /** Whole kilometres (at least 1), never finer than the grid the positions are kept on. */
    distanceKm: z.number().int().min(1),
  })
  .meta({ id: 'NearbyPerson' });
export type NearbyPerson = z.infer<typeof nearbyPersonSchema>;

export const nearbyListResponseSchema = z
  .object({ items: z.array(nearbyPersonSchema) })
  .meta({ id: 'NearbyList' });
export type NearbyListResponse = z.infer<typeof nearbyListResponseSchema>;
