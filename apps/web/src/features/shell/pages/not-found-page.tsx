import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

import { DEFAULT_PRIVATE_PATH, paths } from '../../../config/paths';
import { PublicCard } from '../../../components/public-card';
import { LinkButton } from '../../../components/link-button';

function NotFound({ home }: { home: string }) {
  const { t } = useTranslation('common');
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.description')}
      data-testid="not-found"
      extra={
        <LinkButton to={home} type="primary">
          {t('notFound.backHome')}
        </LinkButton>
      }
    />
  );
}

/** Public /404. */
export function NotFoundPage() {
  return (
    <PublicCard wide>
      <NotFound home={paths.home} />
    </PublicCard>
  );
}

/** An unknown path for a signed-in user: inside the frame, so the menu stays. */
export function NotFoundInFrame() {
  return <NotFound home={DEFAULT_PRIVATE_PATH} />;
}
