import { useCallback, useEffect, useState } from 'react';
import { fetchProduct, fetchTrace, type LoadResult } from './api';
import { locale, t } from './i18n';
import { applyBranding } from '../light/platform';
import { routeFromPath } from './route';
import type { PublicProduct, TraceRecord } from './types';
import { Header } from './components/header';
import { ProductView } from './components/product-view';
import { TraceView } from './components/trace-view';

type Page = { kind: 'batch'; trace: TraceRecord } | { kind: 'product'; product: PublicProduct };
type State = { kind: 'loading' } | LoadResult<Page>;

function loadPage(kind: 'batch' | 'product', code: string, signal?: AbortSignal): Promise<LoadResult<Page>> {
  return kind === 'product'
    ? fetchProduct(code, signal).then((r) =>
        r.kind === 'ok' ? { kind: 'ok', value: { kind: 'product', product: r.value } } : r,
      )
    : fetchTrace(code, signal).then((r) => (r.kind === 'ok' ? { kind: 'ok', value: { kind: 'batch', trace: r.value } } : r));
}

/**
 * The page's record, asked for as soon as this script runs, before the first render: on a slow
 * phone the answer is on its way while the page draws its frame (bench/slow-phone.ts).
 */
const firstLoad = (() => {
  if (typeof window === 'undefined') return null;
  const { kind, code, missing } = routeFromPath(window.location.pathname);
  return code && !missing ? { key: `${kind}:${code}`, promise: loadPage(kind, code) } : null;
})();

/**
 * The batch's record the server put in the page's HTML (apps/server/src/modules/seo/pages.ts), if it
 * is this page's: the page draws it at once, and the lookup (which counts the scan) adds the scan
 * count and any duplicate-scan warning when it answers.
 */
function recordInPage(code: string): TraceRecord | null {
  const text = document.getElementById('trace-record')?.textContent;
  if (!text) return null;
  try {
    const record = (JSON.parse(text) as { data?: { traceability?: TraceRecord } }).data?.traceability;
    return record?.code === code ? record : null;
  } catch {
    return null;
  }
}

function initialState(kind: 'batch' | 'product', code: string, missing?: true): State {
  const record = kind === 'batch' && code && !missing ? recordInPage(code) : null;
  return record ? { kind: 'ok', value: { kind: 'batch', trace: record } } : { kind: 'loading' };
}

/** `/trace/{code}` shows a batch, `/trace/p/{code}` a product (its QR code without a lot). */
export function TraceApp() {
  const route = routeFromPath(window.location.pathname);
  const { kind, code, missing } = route;
  const [state, setState] = useState<State>(() => initialState(kind, code, missing));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    document.documentElement.lang = locale;
    applyBranding(t('title'));
  }, []);

  useEffect(() => {
    if (!code || missing) {
      setState({ kind: 'notFound' });
      return;
    }
    const controller = new AbortController();
    let live = true;
    // The first load was started with the script (the page may already show the record from its
    // HTML: it stays up if the lookup cannot be reached); a retry asks again.
    const first = attempt === 0 && firstLoad?.key === `${kind}:${code}`;
    if (!first) setState({ kind: 'loading' });
    const load = first ? firstLoad.promise : loadPage(kind, code, controller.signal);
    load.then(
      (next) => live && setState((shown) => (next.kind === 'error' && shown.kind === 'ok' ? shown : next)),
      () => undefined,
    );
    return () => {
      live = false;
      controller.abort();
    };
  }, [kind, code, missing, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <div className="page">
      <Header />
      <main className="content" aria-busy={state.kind === 'loading'}>
        {state.kind === 'loading' && (
          <div className="state" role="status" data-testid="trace-loading">
            <span className="spinner" aria-hidden="true" />
            <p>{t('loading')}</p>
          </div>
        )}
        {state.kind === 'notFound' && (
          <div className="state" data-testid="trace-not-found">
            <div className="state-icon" aria-hidden="true">
              ?
            </div>
            <h1>{kind === 'product' ? t('productNotFound') : t('notFound')}</h1>
            <p className="muted">
              {kind === 'product'
                ? t('productNotFoundHint', { code: code || '—' })
                : t('notFoundHint', { code: code || '—' })}
            </p>
          </div>
        )}
        {state.kind === 'gone' && (
          <div className="state" data-testid="trace-gone">
            <div className="state-icon" aria-hidden="true">
              !
            </div>
            <h1>{t('gone')}</h1>
            <p className="muted">{t('goneHint')}</p>
          </div>
        )}
        {state.kind === 'error' && (
          <div className="state" role="alert" data-testid="trace-error">
            <div className="state-icon" aria-hidden="true">
              !
            </div>
            <h1>{t('error')}</h1>
            <p className="muted">{state.message ?? t('errorHint')}</p>
            <button type="button" className="button" onClick={retry}>
              {t('retry')}
            </button>
          </div>
        )}
        {state.kind === 'ok' && state.value.kind === 'batch' && <TraceView trace={state.value.trace} code={code} />}
        {state.kind === 'ok' && state.value.kind === 'product' && <ProductView product={state.value.product} />}
      </main>
    </div>
  );
}
