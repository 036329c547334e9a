import { currentLocale } from '../../../lib/i18n';
import { platform } from '../../../lib/platform';
import type { SessionToken } from '../../../stores/session-actions';
import { filenameFromDisposition } from './filename';

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * A private file (XLSX export, QR PNG, EPCIS document) fetched with the session's
 * Authorization, Platform and locale headers. Rejects with the server's message on failure.
 */
export async function fetchPrivateFile(
  token: SessionToken | null,
  path: string,
  fallbackName: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {},
): Promise<DownloadedFile> {
  const headers: Record<string, string> = { Platform: platform.key, locale: currentLocale() };
  if (token) headers.Authorization = `${token.token_type} ${token.access_token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  if (!res.ok) {
    let message = '';
    try {
      message = ((await res.json()) as { meta?: { message?: string } }).meta?.message ?? '';
    } catch {
      /* not JSON */
    }
    throw new Error(message || String(res.status));
  }
  return {
    blob: await res.blob(),
    filename: filenameFromDisposition(res.headers.get('Content-Disposition'), fallbackName),
  };
}

/** Hands a blob to the browser's download under `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
