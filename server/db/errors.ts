type Chain = { code?: unknown; severity?: unknown; cause?: unknown } | undefined;

/**
 * The SQLSTATE of a PostgreSQL error (node-postgres' or PGlite's), whether
 * thrown by the driver or wrapped by Drizzle (error.cause); undefined for
 * any other error.
 */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let e = error as Chain; e && typeof e === 'object'; e = e.cause as Chain) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && 'severity' in e) return e.code;
  }
  return undefined;
}

/** PostgreSQL's unique_violation. */
export const isUniqueViolation = (error: unknown): boolean => databaseErrorCode(error) === '23505';

/** PostgreSQL's foreign_key_violation: a row still referenced, or a reference to a row that is gone. */
export const isForeignKeyViolation = (error: unknown): boolean => databaseErrorCode(error) === '23503';
