/**
 * The file store (the S3 bucket) did not answer or refused a request for a reason other than a
 * missing object: answered 503 with `storage_unavailable` (plugins/errors.ts), the cause logged.
 */
export class StorageUnavailableError extends Error {
  constructor(
    /** What was asked: put, get, remove, read. */
    readonly op: string,
    cause: unknown,
  ) {
    super(`file store unavailable (${op})`, { cause });
    this.name = 'StorageUnavailableError';
  }
}
