/** One error family: a stable code, an HTTP status, a message key (../messages) and its params. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly params: Record<string, string | number> = {},
    readonly fieldErrors: { field: string; message: string }[] = [],
    /** Extra top-level body fields (e.g. OAuth's `error`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

export const badRequest = (code: string, params?: Record<string, string | number>) => new AppError(400, code, params);
export const unauthenticated = (code = 'unauthenticated') => new AppError(401, code);
export const forbidden = (code = 'forbidden') => new AppError(403, code);
export const notFound = (code = 'not_found') => new AppError(404, code);
export const conflict = (code = 'conflict', params?: Record<string, string | number>) => new AppError(409, code, params);
/** A business rule refused the input (422) with a message key. */
export const unprocessable = (code: string, params?: Record<string, string | number>, field?: string) =>
  new AppError(422, code, params, field ? [{ field, message: code }] : []);
