import type { ReactNode } from 'react';
import { t } from '../i18n';

export function Loading({ testId = 'content-loading' }: { testId?: string }) {
  return (
    <div className="state" role="status" data-testid={testId}>
      <span className="spinner" aria-hidden="true" />
      <p>{t('loading')}</p>
    </div>
  );
}

export function LoadError({ message, retry }: { message: string | null; retry: () => void }) {
  return (
    <div className="state" role="alert" data-testid="content-error">
      <h2>{t('error')}</h2>
      <p className="muted">{message ?? t('errorHint')}</p>
      <button type="button" className="button" onClick={retry}>
        {t('retry')}
      </button>
    </div>
  );
}

export function NotFound({ title, hint, children }: { title?: string; hint?: string; children?: ReactNode }) {
  return (
    <div className="state" data-testid="content-not-found">
      <div className="state-icon" aria-hidden="true">
        ?
      </div>
      <h1>{title ?? t('notFound')}</h1>
      <p className="muted">{hint ?? t('notFoundHint')}</p>
      <p className="state-links">{children ?? <a href="/">{t('backHome')}</a>}</p>
    </div>
  );
}

export function Empty({ text, testId }: { text: string; testId?: string }) {
  return (
    <p className="empty" data-testid={testId}>
      {text}
    </p>
  );
}
