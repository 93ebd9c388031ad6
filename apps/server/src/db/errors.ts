/** The SQLSTATE and constraint of a failed query; Drizzle wraps the driver's error, which carries them. */
export function databaseErrorOf(
  error: unknown,
): { code: string; constraint: string | undefined } | undefined {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const { code, constraint } = current as Error & { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    current = current.cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';

/** A unique constraint (or unique index) refused the row; `constraint` narrows it to one. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = databaseErrorOf(error);
  if (found?.code !== UNIQUE_VIOLATION) return false;
  return constraint === undefined || found.constraint === constraint;
}
