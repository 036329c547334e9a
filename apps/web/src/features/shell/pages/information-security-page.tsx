import { useTranslation } from 'react-i18next';
import { PublicCard } from '../../../components/public-card';
import { platform } from '../../../lib/platform';

const SECTIONS = ['collect', 'use', 'share', 'protect', 'retention', 'rights', 'cookies', 'contact'] as const;

/** Public privacy and information-security notice (responsive, plain HTML: no antd needed). */
export function InformationSecurityPage() {
  const { t } = useTranslation('security');
  return (
    <PublicCard wide testId="information-security">
      <article className="public-article">
        <h1 className="public-title">{t('title')}</h1>
        <p className="public-muted">{t('updated')}</p>
        <p>{t('intro', { platform: platform.name })}</p>
        {SECTIONS.map((s) => (
          <section key={s}>
            <h2>{t(`sections.${s}.title`)}</h2>
            <p>{t(`sections.${s}.body`, { platform: platform.name })}</p>
          </section>
        ))}
      </article>
    </PublicCard>
  );
}
