import { errorMessageKey } from '@ztart/shared/error-catalogue';
import type { ZodType } from 'zod';
import { ApiError } from '@/lib/api-client';

/**
 * Field errors as translation keys (`validation:passwordMin`, `errors:ztartag_taken`), not
 * sentences: they are translated when shown, so switching the language re-translates them.
 */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

interface IssueLike {
  path: string | readonly PropertyKey[];
  code: string;
  message: string;
}

function fieldOf(path: IssueLike['path']): string {
  const first = typeof path === 'string' ? path.split('.')[0] : path[0];
  return first === undefined ? '' : String(first);
}

/**
 * The key for an issue of the shared schemas or of a `validation_failed` answer: the schema's
 * own key (`validation.passwordMin` → `validation:passwordMin`), else `validation:<zod code>`;
 * an empty required field reads "This field is required".
 */
export function issueKey(issue: IssueLike, value?: unknown): string {
  if (
    (issue.code === 'too_small' || issue.code === 'invalid_type') &&
    (value === '' || value === undefined)
  ) {
    return 'validation:required';
  }
  if (issue.message.startsWith('validation.'))
    return `validation:${issue.message.slice('validation.'.length)}`;
  return `validation:${issue.code}`;
}

/** One error per field, the first one found (the order of the schema). */
export function fieldErrorsFromIssues(
  issues: readonly IssueLike[],
  values: Record<string, unknown> = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (errors[field] === undefined) errors[field] = issueKey(issue, values[field]);
  }
  return errors;
}

export type ValidationResult<T> = { success: true; data: T } | { success: false; errors: FieldErrors };

/** Checks form values against a shared request schema, as the server will. */
export function validate<T>(schema: ZodType<T>, values: Record<string, unknown>): ValidationResult<T> {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  return { success: false, errors: fieldErrorsFromIssues(result.error.issues, values) };
}

/**
 * Adds 'Passwords do not match' when both are typed and differ: the schemas check it only
 * once every other field is valid, and the person should hear it at once.
 */
export function withMatchCheck(
  errors: FieldErrors,
  first: string,
  second: string,
  field: string,
  key: string,
): FieldErrors {
  if (first && second && first !== second && errors[field] === undefined) return { ...errors, [field]: key };
  return errors;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Field errors from an API failure: the issues of `validation_failed` (their paths name the
 * fields), or a code the form ties to one field (`ztartag_taken` → ztartag). Null when the
 * failure concerns the form as a whole.
 */
export function fieldErrorsFromApiError(
  error: unknown,
  fieldByCode: Readonly<Record<string, string>> = {},
): FieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  const field = fieldByCode[error.code];
  if (field) return { [field]: errorMessageKey(error.code) };
  if (error.code !== 'validation_failed' || !isRecord(error.details)) return null;
  const issues = Array.isArray(error.details.issues) ? error.details.issues : [];
  const valid = issues.filter(
    (issue): issue is IssueLike =>
      isRecord(issue) &&
      typeof issue.path === 'string' &&
      typeof issue.code === 'string' &&
      typeof issue.message === 'string',
  );
  const errors = fieldErrorsFromIssues(valid);
  delete errors[''];
  return Object.keys(errors).length > 0 ? errors : null;
}
