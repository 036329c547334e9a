import { Alert, Button, Flex, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_OPTION_GROUPS } from '@agrihub/contract/variants';
import {
  addGroup,
  addValues,
  priceToAll,
  removeGroup,
  removeValue,
  renameTitle,
  renameValue,
  setValueThumbnail,
  updateVariant,
  type VariantEditorState,
} from '../lib/variant-state';
import { OptionGroupEditor } from './option-group-editor';
import { VariantsTable } from './variants-table';

interface Props {
  value: VariantEditorState;
  onChange: (next: VariantEditorState) => void;
  disabled?: boolean;
  /** Server errors about option groups or variants (shown above the table, edits kept). */
  errors?: string[];
}

/** Spec §3/§4 variant editor: up to two option groups and the table of their combinations. */
export function VariantEditor({ value, onChange, disabled, errors }: Props) {
  const { t } = useTranslation('products');
  return (
    <Flex vertical gap={16} data-testid="variant-editor">
      <Typography.Text type="secondary">{t('variants.help', { max: MAX_OPTION_GROUPS })}</Typography.Text>
      {errors && errors.length > 0 && (
        <Alert type="error" showIcon title={errors.join(' ')} data-testid="variant-errors" />
      )}
      {value.groups.map((group, gi) => (
        <OptionGroupEditor
          key={gi}
          index={gi}
          group={group}
          disabled={disabled}
          onTitle={(title) => onChange(renameTitle(value, gi, title))}
          onRenameValue={(vi, v) => onChange(renameValue(value, gi, vi, v))}
          onAddValues={(text) => onChange(addValues(value, gi, text))}
          onRemoveValue={(vi) => onChange(removeValue(value, gi, vi))}
          onThumbnail={(vi, thumb) => onChange(setValueThumbnail(value, gi, vi, thumb))}
          onRemove={() => onChange(removeGroup(value, gi))}
        />
      ))}
      {!disabled && value.groups.length < MAX_OPTION_GROUPS && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => onChange(addGroup(value))}
          data-testid="add-option-group"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('variants.addGroup')}
        </Button>
      )}
      <VariantsTable
        variants={value.variants}
        disabled={disabled}
        onChange={(i, patch) => onChange(updateVariant(value, i, patch))}
        onPriceToAll={(cents) => onChange(priceToAll(value, cents))}
      />
    </Flex>
  );
}
