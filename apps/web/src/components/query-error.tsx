import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isGateRefusal } from '@agrihub/contract/gates';
import { isApiError } from '../lib/api-error';
import { NoPermission } from './no-permission';

/**
 * The error state of a page's data: a 403 replaces the page with the no-permission screen
 * (spec §2), anything else shows the server's message with a retry.
 */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  if (isApiError(error) && error.status === 403) {
    return <NoPermission reason={isGateRefusal(error.code) ? error.code : null} />;
  }
  const message = isApiError(error) ? error.message : t('errors.generic');
  return (
    <Result
      status="error"
      title={t('errors.loadFailed')}
      subTitle={message}
      data-testid="query-error"
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}
