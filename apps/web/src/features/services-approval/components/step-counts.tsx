import { Badge, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SERVICE_REGISTRATION_STEPS } from '@agrihub/contract/constants';
import { useEnumLabel } from '../../../lib/enums';
import type { StepCounts } from '../api/services-approval-api';

interface Props {
  counts: StepCounts;
  current?: string;
  /** Picking a step filters the list by it; picking the current one clears it. */
  onPick: (step: string | undefined) => void;
}

/** Both flows' steps in flow order (the short flow's `inprogress` after `paid`), then cancelled. */
const ORDER = [...SERVICE_REGISTRATION_STEPS.slice(0, 4), 'inprogress', ...SERVICE_REGISTRATION_STEPS.slice(4), 'cancelled'];

/** How many requests of the filtered list are at each step (the list's meta), as filter chips. */
export function StepCounts({ counts, current, onPick }: Props) {
  const { t } = useTranslation('services-approval');
  const label = useEnumLabel();
  const shown = ORDER.filter((s) => (counts[s] ?? 0) > 0 || s === current);
  if (!shown.length) return null;
  return (
    <Flex gap={4} wrap align="center" data-testid="step-counts">
      <span style={{ marginInlineEnd: 4 }}>{t('list.byStep')}</span>
      {shown.map((s) => (
        <Tag.CheckableTag
          key={s}
          checked={current === s}
          onChange={(on) => onPick(on ? s : undefined)}
          data-testid="step-count"
          data-step={s}
        >
          {label('serviceStep', s)} <Badge count={counts[s] ?? 0} showZero color="#8c8c8c" size="small" />
        </Tag.CheckableTag>
      ))}
    </Flex>
  );
}
