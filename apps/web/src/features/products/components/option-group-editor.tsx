import { useState } from 'react';
import { Button, Card, Flex, Form, Input, Popconfirm, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OptionThumbnail } from '@agrihub/contract/variants';
import type { OptionGroupDraft } from '../lib/variant-state';
import { OptionValueChip } from './option-value-chip';

interface Props {
  index: number;
  group: OptionGroupDraft;
  disabled?: boolean;
  onTitle: (title: string) => void;
  onRenameValue: (vi: number, value: string) => void;
  onAddValues: (text: string) => void;
  onRemoveValue: (vi: number) => void;
  onThumbnail: (vi: number, thumb: OptionThumbnail | null) => void;
  onRemove: () => void;
}

/** One option group: a title and tag-like values, each with an optional thumbnail. */
export function OptionGroupEditor(props: Props) {
  const { index, group, disabled } = props;
  const { t } = useTranslation('products');
  const [title, setTitle] = useState(group.title);
  // Follow a title changed from outside (a reload after saving) without remounting the card.
  const [shownTitle, setShownTitle] = useState(group.title);
  if (shownTitle !== group.title) {
    setShownTitle(group.title);
    setTitle(group.title);
  }
  const [draft, setDraft] = useState('');
  const commitTitle = () => {
    if (title.trim() !== group.title.trim()) props.onTitle(title);
  };
  const addDraft = () => {
    if (!draft.trim()) return;
    props.onAddValues(draft);
    setDraft('');
  };
  const titleMissing = !group.title.trim() && group.values.some((v) => v.trim());

  return (
    <Card
      size="small"
      data-testid={`option-group-${index}`}
      title={t('variants.groupN', { n: index + 1 })}
      extra={
        !disabled && (
          <Popconfirm
            title={t('variants.removeGroupConfirm')}
            okText={t('actions.remove')}
            cancelText={t('actions.cancel')}
            onConfirm={props.onRemove}
          >
            <Button
              size="small"
              danger
              type="text"
              icon={<DeleteOutlined />}
              data-testid={`remove-option-group-${index}`}
            >
              {t('variants.removeGroup')}
            </Button>
          </Popconfirm>
        )
      }
    >
      <Form.Item
        label={t('variants.title')}
        layout="vertical"
        validateStatus={titleMissing ? 'warning' : undefined}
        help={titleMissing ? t('variants.titleMissing') : undefined}
        style={{ marginBottom: 12 }}
      >
        <Input
          value={title}
          disabled={disabled}
          maxLength={50}
          placeholder={t('variants.titlePlaceholder')}
          data-testid={`option-title-${index}`}
          onChange={(e) => setTitle(e.target.value)}
          onBlur={commitTitle}
          onPressEnter={commitTitle}
        />
      </Form.Item>
      <Typography.Text type="secondary">{t('variants.values')}</Typography.Text>
      <Flex wrap gap={8} style={{ marginTop: 6 }}>
        {group.values.map((value, vi) => (
          <OptionValueChip
            key={`${vi}:${value}`}
            testId={`option-value-${index}-${vi}`}
            value={value}
            thumbnail={group.thumbnails[vi] ?? null}
            disabled={disabled}
            onCommit={(v) => props.onRenameValue(vi, v)}
            onRemove={() => props.onRemoveValue(vi)}
            onThumbnail={(thumb) => props.onThumbnail(vi, thumb)}
          />
        ))}
        {!disabled && (
          <Input
            size="small"
            value={draft}
            style={{ width: 220 }}
            maxLength={200}
            placeholder={t('variants.addValuePlaceholder')}
            data-testid={`option-values-${index}`}
            onChange={(e) => setDraft(e.target.value)}
            onPressEnter={(e) => {
              e.preventDefault();
              addDraft();
            }}
            onBlur={addDraft}
          />
        )}
      </Flex>
    </Card>
  );
}
