import { Tag } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MissingItem } from '@agrihub/contract/schemas/sale-channels';
import { missingLabelArgs } from '../lib/sale-channels';

/** What a product lacks for a sales channel, one warning tag each (labels: enums:saleChannelMissing). */
export function SaleChannelMissing({
  missing,
  testId = 'sale-channel-missing',
}: {
  missing: MissingItem[];
  testId?: string;
}) {
  const { t } = useTranslation('enums');
  if (!missing.length) return null;
  return (
    <span data-testid={testId}>
      {missing.map((item) => {
        const [key, params] = missingLabelArgs(item);
        return (
          <Tag
            key={item.key}
            color="warning"
            icon={<WarningOutlined />}
            data-missing={item.key}
            style={{ marginBlock: 2 }}
          >
            {t(key, params)}
          </Tag>
        );
      })}
    </span>
  );
}
