import { issueKey } from '@/lib/forms/form-errors';

/**
 * The translation key of a schema issue. The value is known to be there (an empty text never
 * reaches the schema as ''), so a "too small" number reads as the schema's own message, not as
 * "This field is required".
 */
export function messageKeyOf(issue: {
  path: readonly PropertyKey[] | string;
  code: string;
  message: string;
}): string {
  return issueKey(issue, null);
}
