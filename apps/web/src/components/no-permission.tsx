import { Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec §2: centred, "Bạn không có quyền truy cập" (namespace no-permission). */
export function NoPermission() {
  const { t } = useTranslation('no-permission');
  return (
    <Flex align="center" justify="center" style={{ minHeight: 'calc(100vh - 200px)' }} data-testid="no-permission">
      <Result status="403" title={t('title')} subTitle={t('description')} />
    </Flex>
  );
}
