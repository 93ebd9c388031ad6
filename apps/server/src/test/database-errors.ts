/** The SQLSTATE of a failed query (Drizzle wraps the driver's error, which carries the code). */
export async function sqlStateOf(query: PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await query;
  } catch (error) {
    let current: unknown = error;
    while (current instanceof Error) {
      const code = (current as Error & { code?: unknown }).code;
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
      current = current.cause;
    }
    throw error;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const CHECK_VIOLATION = '23514';
