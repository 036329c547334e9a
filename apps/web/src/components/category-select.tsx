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
      data-testid={testId}
    />
  );
}
