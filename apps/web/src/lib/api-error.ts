/** The one error shape every API call rejects with (spec §8: code + message from the response meta). */
export interface FieldError {
  field: string;
  message: string;
}

export interface ApiError {
  /** HTTP status, or a transport failure kind. */
  status: number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'CUSTOM_ERROR';
  /** Stable code from `meta.code` (or the OAuth `error`), or a local one for transport failures. */
  code: string;
  /** Already translated by the server into the request locale; a local text for transport failures. */
  message: string;
  errors: FieldError[];
  /** The answer's other top-level fields (e.g. a refused registration's per-product readiness); absent when none. */
  details?: Record<string, unknown>;
}

/** The raw failure RTK Query's fetchBaseQuery produces. */
export type RawFetchError =
  | { status: number; data: unknown }
  | {
      status: 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
      data?: unknown;
      error: string;
      originalStatus?: number;
    };

/** Local texts for failures that carry no server message (translated by the caller). */
export interface LocalErrorTexts {
  network: string;
  timeout: string;
  generic: string;
}

function record(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function fieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((e) => {
    const r = record(e);
    return r && typeof r.field === 'string' && typeof r.message === 'string'
      ? [{ field: r.field, message: r.message }]
      : [];
  });
}

/**
 * Normalises a failure to `{ status, code, message, errors }`. Reads the envelope's `meta`
 * (`{ meta: { code, message, errors } }`), and the OAuth answer (`error`, `error_description`)
 * when there is no meta.
 */
export function normaliseError(error: RawFetchError, texts: LocalErrorTexts): ApiError {
  if (error.status === 'FETCH_ERROR')
    return { status: error.status, code: 'network_error', message: texts.network, errors: [] };
  if (error.status === 'TIMEOUT_ERROR')
    return { status: error.status, code: 'timeout', message: texts.timeout, errors: [] };
  // A success whose body could not be read (the connection cut, the page unloading): the answer
  // never arrived, as on a network failure. It is no HTTP status the caller should act on.
  if (error.status === 'PARSING_ERROR' && (!error.originalStatus || error.originalStatus < 400))
    return { status: error.status, code: 'network_error', message: texts.network, errors: [] };
  const status = error.status === 'PARSING_ERROR' && error.originalStatus ? error.originalStatus : error.status;
  const body = record(error.data);
  const meta = record(body?.meta);
  const code =
    (typeof meta?.code === 'string' && meta.code) ||
    (typeof body?.error === 'string' && body.error) ||
    (typeof status === 'number' ? `http_${status}` : 'unknown_error');
  const message =
    (typeof meta?.message === 'string' && meta.message) ||
    (typeof body?.error_description === 'string' && body.error_description) ||
    texts.generic;
  const details = Object.fromEntries(
    Object.entries(body ?? {}).filter(([k]) => !['meta', 'data', 'error', 'error_description'].includes(k)),
  );
  return {
    status,
    code,
    message,
    errors: fieldErrors(meta?.errors),
    ...(Object.keys(details).length ? { details } : {}),
  };
}

export function isApiError(value: unknown): value is ApiError {
  const r = record(value);
  return !!r && 'status' in r && typeof r.code === 'string' && typeof r.message === 'string' && Array.isArray(r.errors);
}

/** The status of a failed query/mutation, if it is one of ours. */
export function errorStatus(value: unknown): ApiError['status'] | undefined {
  return isApiError(value) ? value.status : undefined;
}

/** Refusals that say "not now" rather than "no": a timeout, too many requests (a retry may pass). */
const TRANSIENT = new Set([408, 429]);

/**
 * Whether a failed session restore (whoami) means the session is over: the server refused it
 * (4xx; a 401 already went through the refresh token). A network failure, a cut answer, a server
 * error or a transient refusal keeps the session and offers a retry.
 */
export function refusesSession(error: unknown): boolean {
  return (
    isApiError(error) &&
    typeof error.status === 'number' &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    !TRANSIENT.has(error.status)
  );
}
