import { useEffect } from 'react';
import { platform } from '../light/platform';
import { locale, t } from './i18n';
import { interceptLinkClick, useLocation } from './navigation';
import { FAQS_PATH, routeOf } from './route';
import { Shell } from './components/layout';
import { NotFound } from './components/states';
import { FaqsPage } from './pages/faqs-page';
import { LoginPage } from './pages/login-page';
import { NewsPage } from './pages/news-page';
import { usePageTitle } from './pages/page-title';
import { PostPage } from './pages/post-page';
import { SecurityPage } from './pages/security-page';

function Missing() {
  usePageTitle(t('notFound'));
  return (
    <NotFound>
      <a href="/">{t('backHome')}</a> · <a href={FAQS_PATH}>{t('faqs')}</a>
    </NotFound>
  );
}

/** The public content pages (content.html): news (DTrack), FAQs, information security, and sign-in. */
export function ContentApp() {
  const { pathname, search } = useLocation();
  const route = routeOf(pathname, search, platform.features.news);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, []);

  const active =
    route.kind === 'news' || route.kind === 'post'
      ? 'news'
      : route.kind === 'faqs'
        ? 'faqs'
        : route.kind === 'security'
          ? 'security'
          : null;

  return (
    // One listener for the whole page: links to this entry's paths change the page without a reload.
    <div className="root" onClick={interceptLinkClick}>
      <Shell active={active}>
        {route.kind === 'news' && <NewsPage route={route} />}
        {route.kind === 'post' && <PostPage key={route.idOrSlug} idOrSlug={route.idOrSlug} />}
        {route.kind === 'faqs' && <FaqsPage q={route.q} />}
        {route.kind === 'security' && <SecurityPage />}
        {route.kind === 'login' && <LoginPage />}
        {route.kind === 'notFound' && <Missing />}
      </Shell>
    </div>
  );
}
