import { z } from 'zod';

export const healthResponseSchema = z
  .object({
    status: z.literal('ok'),
    db: z.enum(['pglite', 'postgres']),
    version: z.string(),
  })
  .meta({ id: 'Health' });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
