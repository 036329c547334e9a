import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@agrihub/contract/platforms';
import { applyLanguage, currentLocale } from '../lib/i18n';
import { offersLanguageChoice } from '../lib/language';
import { platform } from '../lib/platform';

/**
 * Language choice, only where the platform offers more than one language (never on dtrack).
 * Changes the UI language and the cookie; `onChanged` lets the frame save it to the account.
 */
export function LanguageSwitcher({ onChanged }: { onChanged?: (locale: Locale) => void }) {
  const { t, i18n } = useTranslation('common');
  if (!offersLanguageChoice) return null;
  const value = currentLocale();
  return (
    <Segmented<Locale>
      size="small"
      value={value}
      data-testid="language-switcher"
      aria-label={t('language.label')}
      key={i18n.language}
      options={platform.locales.map((locale) => ({
        value: locale,
        label: <span data-testid={`language-option-${locale}`}>{t(`language.short.${locale}`)}</span>,
        title: t(`language.name.${locale}`),
      }))}
      onChange={(locale) => {
        void applyLanguage(locale).then((applied) => onChanged?.(applied));
      }}
    />
  );
}
