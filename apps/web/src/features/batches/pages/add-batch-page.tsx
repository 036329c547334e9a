import { useMemo } from 'react';
import { Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useAppSelector } from '../../../stores/hooks';
import { BatchForm } from '../components/batch-form';
import { emptyBatchValues } from '../lib/batch-form';

/** /add-batch: a new draft batch; its events are added on the batch page. */
export function AddBatchPage() {
  const { t } = useTranslation('batches');
  const navigate = useNavigate();
  const producerId = useAppSelector((s) => s.user.producer_id);
  const initial = useMemo(emptyBatchValues, []);
  if (!producerId) return <Result status="info" title={t('form.needsProducer')} data-testid="needs-producer" />;
  return (
    <Flex vertical gap={16} data-testid="add-batch-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('form.addTitle')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('form.addHint')}</Typography.Text>
      <BatchForm
        initial={initial}
        batchId={null}
        onCancel={() => void navigate(paths.productBatches)}
        onSaved={(b) => void navigate(generatePath(paths.productBatch, { id: String(b.id) }), { replace: true })}
      />
    </Flex>
  );
}
