import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import type { SessionToken, TokenState } from './session-actions';
import { filenameFromDisposition } from './filename';
import { currentLocale } from './i18n';
import { platform } from './platform';

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

type BlobState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; url: string; blob: Blob };

/**
 * A private file (e.g. a product's QR PNG) fetched with fetchPrivateFile, exposed as an object
 * URL (revoked on change/unmount).
 */
export function useAuthorizedBlob(path: string | null, version: string | number = 0): BlobState {
  const token = useSelector((s: TokenState) => s.user.token);
  const [state, setState] = useState<BlobState>({ status: 'loading' });

  useEffect(() => {
    if (!path || !token) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ status: 'loading' });
    fetchPrivateFile(token, path, '', { signal: controller.signal })
      .then(({ blob }) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ status: 'ready', url: objectUrl, blob });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path, token, version]);

  return state;
}

/** Saves an object URL under `filename` (the browser's download). */
export function saveObjectUrl(url: string, filename: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Hands a blob to the browser's download under `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  saveObjectUrl(url, filename);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
