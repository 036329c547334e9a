import { currentLocale } from '../../lib/i18n';
import { platform } from '../../lib/platform';
import type { SessionToken } from '../../stores/session-actions';
import { filenameOf } from './filename';

/**
 * POSTs `body` as JSON with the session's Authorization, Platform and locale headers and saves the
 * answer (an XLSX export) as a download. Rejects with the server's message on failure.
 */
export async function downloadExport(token: SessionToken | null, path: string, body: unknown, fallbackName: string) {
  const headers: Record<string, string> = {
    Platform: platform.key,
    locale: currentLocale(),
    'Content-Type': 'application/json',
  };
  if (token) headers.Authorization = `${token.token_type} ${token.access_token}`;
  const res = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!res.ok) {
    const answer = (await res.json().catch(() => null)) as { meta?: { message?: string } } | null;
    throw new Error(answer?.meta?.message || String(res.status));
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filenameOf(res.headers.get('Content-Disposition'), fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
