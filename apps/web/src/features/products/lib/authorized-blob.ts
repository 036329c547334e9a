import { useEffect, useState } from 'react';
import { currentLocale } from '../../../lib/i18n';
import { platform } from '../../../lib/platform';
import { useAppSelector } from '../../../stores/hooks';

type BlobState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; url: string; blob: Blob };

/**
 * A private file (e.g. a product's QR PNG) fetched with the session's Authorization, Platform
 * and locale headers, exposed as an object URL (revoked on change/unmount).
 */
export function useAuthorizedBlob(path: string | null, version: string | number = 0): BlobState {
  const token = useAppSelector((s) => s.user.token);
  const [state, setState] = useState<BlobState>({ status: 'loading' });

  useEffect(() => {
    if (!path || !token) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ status: 'loading' });
    fetch(path, {
      signal: controller.signal,
      headers: {
        Authorization: `${token.token_type} ${token.access_token}`,
        Platform: platform.key,
        locale: currentLocale(),
      },
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const blob = await res.blob();
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
