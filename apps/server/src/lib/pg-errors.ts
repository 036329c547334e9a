/** True when a database error (possibly wrapped by drizzle as `cause`) is a unique-key violation. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505') return !constraint || !name || name === constraint;
  }
  return false;
}

/**
 * SQLSTATEs of values PostgreSQL cannot take: NUL or a character with no UTF-8 form (22021, 22P05),
 * a number out of its column's range (22003), an impossible or out-of-range date (22008, 22007).
 * The request schemas refuse these first (textField, idField, dateField in the contract).
 */
export const DATA_EXCEPTIONS = ['22021', '22P05', '22003', '22008', '22007'] as const;

/** True when a database error (possibly wrapped by drizzle as `cause`) is one of DATA_EXCEPTIONS. */
export function isDataException(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: string };
    if ((DATA_EXCEPTIONS as readonly string[]).includes(code ?? '')) return true;
  }
  return false;
}
