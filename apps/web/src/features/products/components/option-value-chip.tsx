import { useState } from 'react';
import { Avatar, Button, Flex, Input, Tooltip } from 'antd';
import { CloseOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OptionThumbnail } from '@agrihub/contract/variants';
import { UploadButton } from '../../../components/upload-button';

interface Props {
  testId: string;
  value: string;
  thumbnail: OptionThumbnail | null;
  disabled?: boolean;
  onCommit: (value: string) => void;
  onRemove: () => void;
  onThumbnail: (thumb: OptionThumbnail | null) => void;
}

/**
 * One option value, edited in place like a tag. A rename is committed on blur or Enter, so the
 * variants of this value keep their price and SKU (contract renameOptionValue).
 */
export function OptionValueChip({ testId, value, thumbnail, disabled, onCommit, onRemove, onThumbnail }: Props) {
  const { t } = useTranslation('products');
  const [text, setText] = useState(value);
  const [busy, setBusy] = useState(false);
  const commit = () => {
    if (text.trim() !== value.trim()) onCommit(text);
  };

  return (
    <Flex align="center" gap={4} className="option-value-chip" data-testid={`${testId}-chip`}>
      <UploadButton
        ns="products"
        kind="image"
        disabled={disabled || busy}
        onBusy={setBusy}
        onUploaded={(f) => onThumbnail({ id: f.id, url: f.thumbnail_url ?? f.url })}
      >
        <Tooltip title={t('variants.valueThumbnail')}>
          <Avatar
            shape="square"
            size={28}
            src={thumbnail?.url}
            icon={busy ? undefined : <PictureOutlined />}
            style={{ cursor: disabled ? 'default' : 'pointer' }}
            data-testid={`${testId}-thumbnail`}
          />
        </Tooltip>
      </UploadButton>
      <Input
        size="small"
        value={text}
        disabled={disabled}
        style={{ width: 120 }}
        aria-label={t('variants.value')}
        data-testid={testId}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onPressEnter={commit}
      />
      {!disabled && (
        <Tooltip title={t('variants.removeValue')}>
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            onClick={onRemove}
            aria-label={t('variants.removeValue')}
          />
        </Tooltip>
      )}
      {!disabled && thumbnail && (
        <Button size="small" type="link" onClick={() => onThumbnail(null)}>
          {t('variants.removeThumbnail')}
        </Button>
      )}
    </Flex>
  );
}
