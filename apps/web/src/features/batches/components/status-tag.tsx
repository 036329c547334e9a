import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatchState } from '@agrihub/contract/trace-steps';

const COLORS: Record<BatchState, string> = { draft: 'default', published: 'green', on_hold: 'orange', recalled: 'red' };

/** draft, published, on hold, recalled (the batch's `state`). */
export function BatchStateTag({ state }: { state: BatchState }) {
  const { t } = useTranslation('batches');
  return (
    <Tag color={COLORS[state]} data-testid="batch-state" data-state={state}>
      {t(`status.${state}`)}
    </Tag>
  );
}
