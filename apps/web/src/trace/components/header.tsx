import { t } from '../i18n';
import { platform } from '../../light/platform';

export function Header() {
  return (
    <header className="topbar">
      <img
        className="logo"
        src={platform.logo}
        alt=""
        width={28}
        height={28}
        onError={(e) => (e.currentTarget.hidden = true)}
      />
      <span className="brand">{platform.name}</span>
      <span className="topbar-title">{t('title')}</span>
    </header>
  );
}
