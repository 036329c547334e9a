import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryOptions, type CategoryLike } from '../lib/category-tree';

interface Props {
  categories: readonly CategoryLike[];
  value?: number | null;
  onChange?: (value: number | null) => void;
  loading?: boolean;
  disabled?: boolean;
  placeholder?: string;
  allowClear?: boolean;
  /** Filters may pick a parent (all products below it) when the API supports it; forms never. */
  onlyLeaves?: boolean;
  style?: React.CSSProperties;
  testId?: string;
  /** Set by Form.Item: the field's id, which its label points to. */
  id?: string;
  /** The name for screen readers of a select without a label (a filter); defaults to the placeholder. */
  'aria-label'?: string;
}

/** Category tree: names in the tree, the full path ' > ' in the field, leaves only. */
export function CategorySelect({
  categories,
  value,
  onChange,
  loading,
  disabled,
  placeholder,
  allowClear,
  onlyLeaves = true,
  style,
  testId,
  id,
  'aria-label': ariaLabel,
}: Props) {
  const { i18n } = useTranslation('products');
  const treeData = useMemo(
    () => categoryOptions(categories, i18n.language, onlyLeaves),
    [categories, i18n.language, onlyLeaves],
  );
  return (
    <TreeSelect
      treeData={treeData}
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      loading={loading}
      disabled={disabled}
      placeholder={placeholder}
      allowClear={allowClear}
      showSearch={{ treeNodeFilterProp: 'path' }}
      treeNodeLabelProp="path"
      treeDefaultExpandAll={false}
      popupMatchSelectWidth={false}
      style={{ width: '100%', ...style }}
      id={id}
      aria-label={ariaLabel ?? (id ? undefined : placeholder)}
      data-testid={testId}
    />
  );
}

interface ManyProps extends Omit<Props, 'value' | 'onChange' | 'allowClear'> {
  value?: number[];
  onChange?: (value: number[]) => void;
  /** The most a user may pick. */
  max?: number;
}

/**
 * Several categories of the tree (an OEM's categories): names in the tree, paths on the chosen
 * tags, any level when `onlyLeaves` is false; a picked parent stands for its whole subtree.
 */
export function CategoriesSelect({
  categories,
  value,
  onChange,
  loading,
  disabled,
  placeholder,
  onlyLeaves = true,
  max,
  style,
  testId,
  id,
  'aria-label': ariaLabel,
}: ManyProps) {
  const { i18n } = useTranslation('products');
  const treeData = useMemo(
    () => categoryOptions(categories, i18n.language, onlyLeaves),
    [categories, i18n.language, onlyLeaves],
  );
  return (
    <TreeSelect
      multiple
      treeData={treeData}
      value={value ?? []}
      onChange={(v: number[]) => onChange?.((max ? v.slice(0, max) : v) ?? [])}
      loading={loading}
      disabled={disabled}
      placeholder={placeholder}
      allowClear
      showSearch={{ treeNodeFilterProp: 'path' }}
      treeNodeLabelProp="path"
      treeDefaultExpandAll={false}
      popupMatchSelectWidth={false}
      maxTagCount="responsive"
      style={{ width: '100%', ...style }}
      id={id}
      aria-label={ariaLabel ?? (id ? undefined : placeholder)}
      data-testid={testId}
    />
  );
}
