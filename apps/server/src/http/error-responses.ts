import { errorResponseSchema } from '@ztart/shared/errors';

/**
 * Declares error answers of a route for the OpenAPI document, e.g. `...errorResponses(400, 404)`.
 * The body is always the shared error shape.
 */
export function errorResponses<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    Status,
    typeof errorResponseSchema
  >;
}
