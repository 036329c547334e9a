import { INFORMATION_SECURITY_SLUG } from '@agrihub/contract/constants';
import type { LoadResult } from '../../light/http';
import { platform } from '../../light/platform';
import { fetchPageView } from '../api';
import { formatDateTime, locale, t } from '../i18n';
import { interpolate } from '../../light/i18n';
import { useLoad } from '../use-load';
import { ContactForm } from '../components/contact-form';
import { LoadError, Loading } from '../components/states';
import { usePageTitle } from './page-title';

interface DefaultNotice {
  title: string;
  intro: string;
  sections: Record<string, { title: string; body: string }>;
}

/** The platform's general notice (public/locales/{lng}/security.json), shown while no page is published. */
async function fetchDefaultNotice(signal: AbortSignal): Promise<LoadResult<DefaultNotice>> {
  try {
    const res = await fetch(`/locales/${locale}/security.json`, { signal });
    if (!res.ok) return { kind: 'notFound' };
    return { kind: 'ok', value: (await res.json()) as DefaultNotice };
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return { kind: 'notFound' };
  }
}

function Fallback() {
  const notice = useLoad('default-notice', fetchDefaultNotice);
  const name = { platform: platform.name };
  return (
    <article className="page-view" data-testid="security-fallback">
      <h1>{t('security')}</h1>
      {notice.state.kind === 'loading' && <Loading />}
      {notice.state.kind === 'ok' ? (
        <div className="prose">
          <p className="notice">{t('securityPending', name)}</p>
          <p>{interpolate(notice.state.value.intro, name)}</p>
          {Object.entries(notice.state.value.sections).map(([key, s]) => (
            <section key={key}>
              <h2>{s.title}</h2>
              <p>{interpolate(s.body, name)}</p>
            </section>
          ))}
        </div>
      ) : (
        notice.state.kind !== 'loading' && <p className="notice">{t('securityUnavailable', name)}</p>
      )}
    </article>
  );
}

/**
 * /information-security: the published page view of that slug, else a clear fallback text; then
 * the contact form (as on the news and FAQ pages), for a question about one's personal data.
 */
export function SecurityPage() {
  const { state, retry } = useLoad('security', (signal) => fetchPageView(INFORMATION_SECURITY_SLUG, signal));
  usePageTitle(state.kind === 'ok' ? state.value.title : t('security'));
  if (state.kind === 'loading') return <Loading />;
  return (
    <div className="page-view-layout">
      {state.kind === 'error' ? (
        <LoadError message={state.message} retry={retry} />
      ) : state.kind !== 'ok' ? (
        <Fallback />
      ) : (
        <article className="page-view" data-testid="security-page">
          <h1>{state.value.title}</h1>
          <p className="muted small">{t('updatedAt', { date: formatDateTime(state.value.updated_at) })}</p>
          <div
            className="prose"
            data-testid="page-view-body"
            // Rich text cleaned on the server by its allow-list.
            dangerouslySetInnerHTML={{ __html: state.value.body }}
          />
        </article>
      )}
      <ContactForm topic="other" />
    </div>
  );
}
