import { useCallback, useEffect, useState } from 'react';
import { fetchProduct, fetchTrace, type LoadResult } from './api';
import { locale, t } from './i18n';
import { applyBranding } from '../light/platform';
import { routeFromPath } from './route';
import type { PublicProduct, PublicTrace } from './types';
import { Header } from './components/header';
import { ProductView } from './components/product-view';
import { TraceView } from './components/trace-view';

type Page = { kind: 'batch'; trace: PublicTrace } | { kind: 'product'; product: PublicProduct };
type State = { kind: 'loading' } | LoadResult<Page>;

/** `/trace/{code}` shows a batch, `/trace/p/{code}` a product (its QR code without a lot). */
export function TraceApp() {
  const route = routeFromPath(window.location.pathname);
  const { kind, code, missing } = route;
  const [state, setState] = useState<State>({ kind: 'loading' });
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
    setState({ kind: 'loading' });
    const load: Promise<LoadResult<Page>> =
      kind === 'product'
        ? fetchProduct(code, controller.signal).then((r) =>
            r.kind === 'ok' ? { kind: 'ok', value: { kind: 'product', product: r.value } } : r,
          )
        : fetchTrace(code, controller.signal).then((r) =>
            r.kind === 'ok' ? { kind: 'ok', value: { kind: 'batch', trace: r.value } } : r,
          );
    load.then(setState, () => undefined);
    return () => controller.abort();
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
