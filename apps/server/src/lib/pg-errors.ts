/** True when a database error (possibly wrapped by drizzle as `cause`) is a unique-key violation. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505') return !constraint || !name || name === constraint;
  }
  return false;
}

/**
 * True when a database error is a foreign-key violation: a row still used elsewhere (a lot in the
 * chain, a location with events). 23503 for NO ACTION keys, 23001 (restrict_violation) for the
 * keys declared ON DELETE RESTRICT.
 */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: string };
    if (code === '23503' || code === '23001') return true;
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

/**
 * The database is away (restart, failover, an administrator ending the connection, network):
 * SQLSTATE class 08 and 57P01–57P03, or the driver's own socket errors. The request answers 503
 * and the pool opens fresh connections once the server is back.
 */
const CONNECTION_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
]);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'connection error',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

export function isConnectionLoss(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: string; message?: string };
    if (code && (code.startsWith('08') || CONNECTION_CODES.has(code))) return true;
    if (message && CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}
