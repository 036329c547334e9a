import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Last-resort screen when a route fails to render or its chunk cannot be loaded
 * (e.g. a new deployment replaced the files): offers a reload.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }} data-testid="route-error">
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? t('notFound.title') : t('errors.pageCrashed')}
        subTitle={notFound ? t('notFound.description') : t('errors.pageCrashedHint')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </Button>
        }
      />
    </Flex>
  );
}
