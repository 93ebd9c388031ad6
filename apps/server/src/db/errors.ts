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

/**
 * PostgreSQL refused a parameter's value (22023): for `AT TIME ZONE`, a zone it does not know (its
 * zone data may lag the runtime's, or a kept zone may have left it).
 */
export function isInvalidParameterValue(error: unknown): boolean {
  return databaseErrorOf(error)?.code === '22023';
}

/** SQLSTATEs of a server that cannot take the request now: too many connections, shutting down. */
const UNAVAILABLE_CODES = new Set(['53300', '57P01', '57P03']);

/**
 * The database could not be reached or gave no connection in time (a full pool): nothing ran, and
 * the client may try again, so it is told 503 rather than that its request failed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const found = databaseErrorOf(error);
  if (found && UNAVAILABLE_CODES.has(found.code)) return true;
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const { code } = current as Error & { code?: unknown };
    if (code === 'ECONNREFUSED' || /timeout exceeded when trying to connect/i.test(current.message))
      return true;
    current = current.cause;
  }
  return false;
}

/**
 * SQLSTATE classes that end the connection rather than one statement: a connection exception
 * (08…) or an administrator or crash ending the server process (57P01, 57P02). Such an error can
 * arrive after the transaction committed.
 */
const CONNECTION_ENDING_CODE = /^(08...|57P0[12])$/;

/** Codes of the socket under a database connection that broke. */
const BROKEN_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED']);

/**
 * PostgreSQL itself refused the statement or transaction (a constraint, a deadlock, a
 * serialization failure, a query error): it was rolled back, nothing of it was kept, and running
 * it again is safe. Anything else — a connection lost before the answer came, an error of our own
 * after the statement ran — leaves the outcome unknown: it may have committed.
 */
export function isRejectedByDatabase(error: unknown): boolean {
  const found = databaseErrorOf(error);
  return found !== undefined && !CONNECTION_ENDING_CODE.test(found.code) && !isConnectionLost(error);
}

/**
 * The connection to the database broke while a statement was out (node-postgres: "Connection
 * terminated unexpectedly", a reset socket): whatever was sent may or may not have committed.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const { code } = current as Error & { code?: unknown };
    if (typeof code === 'string' && (BROKEN_SOCKET_CODES.has(code) || CONNECTION_ENDING_CODE.test(code)))
      return true;
    if (
      /connection terminated|connection (was )?closed|client has encountered a connection error/i.test(
        current.message,
      )
    )
      return true;
    current = current.cause;
  }
  return false;
}
