import { useCallback, useEffect, useState } from 'react';
import { fetchTrace, type TraceResult } from './api';
import { locale, t } from './i18n';
import { applyBranding } from './platform';
import { Header } from './components/header';
import { TraceView } from './components/trace-view';

/** `/trace/{code}` → code (anything after the first segment is ignored). */
export function codeFromPath(pathname: string): string {
  const match = /^\/trace\/([^/?#]+)/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : '';
}

type State = { kind: 'loading' } | TraceResult;

export function TraceApp() {
  const code = codeFromPath(window.location.pathname);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    document.documentElement.lang = locale;
    applyBranding(t('title'));
  }, []);

  useEffect(() => {
    if (!code) {
      setState({ kind: 'notFound' });
      return;
    }
    const controller = new AbortController();
    setState({ kind: 'loading' });
    fetchTrace(code, controller.signal).then(setState, () => undefined);
    return () => controller.abort();
  }, [code, attempt]);

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
            <h1>{t('notFound')}</h1>
            <p className="muted">{t('notFoundHint', { code: code || '—' })}</p>
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
        {state.kind === 'ok' && <TraceView trace={state.trace} code={code} />}
      </main>
    </div>
  );
}
