import { z } from 'zod';

export {
  codeForStatus,
  ERROR_CODES,
  type ErrorCode,
  errorCodeList,
  errorMessageKey,
  httpStatusOf,
  isErrorCode,
} from './error-catalogue.ts';

/** The one error shape of every API answer that is not a success (ARCHITECTURE.md §5). */
export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
