import { z } from 'zod';

/**
 * `details` of a `validation_failed` error: one issue per invalid field. `path` is the
 * field's dotted path inside `source` (empty for the whole value); `code` is zod's issue code
 * (`invalid_type`, `too_small`, `too_big`, `invalid_format`, ...); `message` is always a
 * translation key: the one the shared field schema names (`validation.ztartag`), or else
 * `validation.<code>` (`validation.invalid_type`).
 */
export const validationIssueSchema = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const validationFailureDetailsSchema = z.object({
  source: z.enum(['body', 'params', 'querystring', 'headers']),
  issues: z.array(validationIssueSchema),
});
export type ValidationFailureDetails = z.infer<typeof validationFailureDetailsSchema>;
