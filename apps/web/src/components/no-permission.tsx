import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { MULTICHANNEL_SERVICE_SLUG } from '@agrihub/contract/constants';
import { paths } from '../config/paths';
import type { PageRefusal } from '../config/page-access';
import { platform } from '../lib/platform';

/**
 * Spec §2: centred, "Bạn không có quyền truy cập" (namespace no-permission). With the reason of a
 * closed gate it says why: the platform has no such part, or the part comes with the multi-channel
 * selling service (with the way to register it).
 */
export function NoPermission({ reason }: { reason?: PageRefusal | null }) {
  const { t } = useTranslation('no-permission');
  const navigate = useNavigate();
  const description =
    reason === 'entitlement_required'
      ? t('entitlement')
      : reason === 'feature_unavailable'
        ? t('feature', { platform: platform.name })
        : t('description');
  return (
    <Flex align="center" justify="center" style={{ minHeight: 'calc(100vh - 200px)' }} data-testid="no-permission">
      <Result
        status="403"
        title={t('title')}
        subTitle={description}
        extra={
          reason === 'entitlement_required' ? (
            <Button
              type="primary"
              data-testid="no-permission-register"
              onClick={() => void navigate(generatePath(paths.service, { slug: MULTICHANNEL_SERVICE_SLUG }))}
            >
              {t('registerService')}
            </Button>
          ) : undefined
        }
      />
    </Flex>
  );
}
