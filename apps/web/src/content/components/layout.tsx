import type { ReactNode } from 'react';
import { LANGUAGE_COOKIE_MAX_AGE_S, LANGUAGE_COOKIE_NAME } from '@agrihub/contract/constants';
import type { Locale } from '@agrihub/contract/platforms';
import { platform } from '../../light/platform';
import { SiteContact } from '../../light/site-contact';
import { locale, t } from '../i18n';
import { FAQS_PATH, NEWS_PATH, SECURITY_PATH } from '../route';

const LANGUAGE_NAMES: Record<Locale, string> = { vi: 'Tiếng Việt', en: 'English' };

/** Writes the site-wide language cookie (the admin app reads it too) and reloads the page in it. */
function switchLanguage(next: Locale) {
  document.cookie = `${LANGUAGE_COOKIE_NAME}=${encodeURIComponent(next)}; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; path=/; samesite=lax`;
  window.location.reload();
}

function LanguageSwitch() {
  if (platform.locales.length < 2) return null;
  return (
    <label className="lang">
      <span className="sr-only">{t('language')}</span>
      <select value={locale} onChange={(e) => switchLanguage(e.target.value as Locale)} data-testid="content-language">
        {platform.locales.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}

export function Header({ active }: { active: 'news' | 'faqs' | 'security' | null }) {
  const link = (key: 'news' | 'faqs', href: string) => (
    <a href={href} aria-current={active === key ? 'page' : undefined} data-testid={`nav-${key}`}>
      {t(key === 'faqs' ? 'navFaqs' : key)}
    </a>
  );
  return (
    <header className="topbar">
      <div className="topbar-inner">
        <a className="home" href="/" data-testid="content-home">
          <img className="logo" src={platform.logo} alt={platform.name} width={109} height={32} />
        </a>
        <nav className="nav" aria-label={t('mainNav')}>
          {platform.features.news && link('news', NEWS_PATH)}
          {link('faqs', FAQS_PATH)}
        </nav>
        <LanguageSwitch />
      </div>
    </header>
  );
}

const contactLabels = () => ({
  hotline: t('contactHotline'),
  email: t('contactEmail'),
  address: t('contactAddress'),
  hours: t('contactHours'),
});

export function Footer({ active }: { active: 'news' | 'faqs' | 'security' | null }) {
  return (
    <footer className="footer">
      <div className="footer-inner">
        <span>{t('copyright', { year: new Date().getFullYear(), platform: platform.name })}</span>
        <nav className="footer-links" aria-label={platform.name}>
          <a href={FAQS_PATH} aria-current={active === 'faqs' ? 'page' : undefined} data-testid="footer-faqs">
            {t('faqs')}
          </a>
          <a
            href={SECURITY_PATH}
            aria-current={active === 'security' ? 'page' : undefined}
            data-testid="footer-security"
          >
            {t('security')}
          </a>
        </nav>
        <SiteContact labels={contactLabels()} />
      </div>
    </footer>
  );
}

export function Shell({ active, children }: { active: 'news' | 'faqs' | 'security' | null; children: ReactNode }) {
  return (
    <div className="page">
      <a className="skip" href="#main">
        {t('skipToContent')}
      </a>
      <Header active={active} />
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <Footer active={active} />
    </div>
  );
}
