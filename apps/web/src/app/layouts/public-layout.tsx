import { Suspense } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { contentPaths } from '../../config/other-entries';
import { paths } from '../../config/paths';
import { BrandLogo } from '../../components/brand-logo';
import { LanguageSwitcher } from '../../components/language-switcher';
import { PageLoader } from '../../components/page-loader';
import { PublicContactLine } from '../../components/public-contact';
import { platform } from '../../lib/platform';

/** Frame of the public pages: logo, language choice (where offered), the page, a footer. Responsive. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <div
      className="public-shell"
      style={{ background: `linear-gradient(180deg, ${platform.primaryColor}14 0%, #f5f7f6 45%)` }}
    >
      <Flex justify="space-between" align="center" style={{ padding: '16px 24px' }}>
        <Link to={paths.home} aria-label={platform.name}>
          <BrandLogo height={36} />
        </Link>
        <LanguageSwitcher />
      </Flex>
      <main className="public-main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Flex component="footer" justify="center" gap={16} wrap style={{ padding: '16px 24px 24px' }}>
        <span className="public-footer-text">
          © {new Date().getFullYear()} {platform.name} — {t(platform.taglineKey)}
        </span>
        {/* A page of the light content entry (content.html): a full page load. */}
        <a href={contentPaths.informationSecurity} data-testid="link-information-security">
          {t('footer.informationSecurity')}
        </a>
        <PublicContactLine />
      </Flex>
    </div>
  );
}
