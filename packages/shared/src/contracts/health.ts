import { z } from 'zod';

export const healthResponseSchema = z
  .object({
    status: z.literal('ok'),
    db: z.enum(['pglite', 'postgres']),
    version: z.string(),
  })
  .meta({ id: 'Health' });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** `GET /api/health/live`: the process is up and answers (it says nothing of the database). */
export const livenessResponseSchema = z
  .object({
    status: z.literal('ok'),
    version: z.string(),
  })
  .meta({ id: 'Liveness' });
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;
