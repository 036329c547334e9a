import type { ReactNode } from 'react';
import { Button, Flex, Input, Select, type SelectProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface FilterBarProps {
  children: ReactNode;
  /** Whether any filter is set: only then the reset link shows. */
  active: boolean;
  onReset: () => void;
  resetLabel: string;
  resetTestId: string;
  testId?: string;
  gap?: number;
}

/** A row of list filters, wrapping, with a reset link while any filter is set. */
export function FilterBar({ children, active, onReset, resetLabel, resetTestId, testId, gap = 8 }: FilterBarProps) {
  return (
    <Flex gap={gap} wrap align="center" data-testid={testId}>
      {children}
      {active && (
        <Button type="link" onClick={onReset} data-testid={resetTestId}>
          {resetLabel}
        </Button>
      )}
    </Flex>
  );
}

interface SearchFilterProps {
  /** The search in the URL; a new value (back, reset) starts the field again. */
  value: string | undefined;
  /** The trimmed text, undefined when empty. */
  onSearch: (q: string | undefined) => void;
  placeholder: string;
  width: number;
  testId: string;
  enterButton?: boolean;
}

/**
 * Input.Search's button with a name for screen readers (antd's shows only an icon, named "search"
 * in English): `enterButton={useSearchButton()}`. An antd Button element itself, which Input.Search
 * takes as its button (any other element it would wrap in a button of its own).
 */
export function useSearchButton(primary = false) {
  const { t } = useTranslation('common');
  return <Button type={primary ? 'primary' : 'default'} icon={<SearchOutlined />} aria-label={t('actions.search')} />;
}

/** The list's free-text search, sent on Enter (or the button). */
export function SearchFilter({ value, onSearch, placeholder, width, testId, enterButton }: SearchFilterProps) {
  const searchButton = useSearchButton(enterButton);
  return (
    <Input.Search
      key={value ?? ''}
      allowClear
      enterButton={searchButton}
      defaultValue={value}
      placeholder={placeholder}
      aria-label={placeholder}
      onSearch={(v) => onSearch(v.trim() || undefined)}
      style={{ width }}
      data-testid={testId}
    />
  );
}

type SelectFilterProps<V> = Omit<SelectProps<V>, 'value' | 'onChange' | 'style' | 'allowClear'> & {
  value: V | undefined;
  /** The picked value, undefined when cleared. */
  onChange: (value: V | undefined) => void;
  width: number;
  testId: string;
};

/** A clearable select filter of a list, named by its placeholder for screen readers (it has no label). */
export function SelectFilter<V extends string | number>({
  value,
  onChange,
  width,
  testId,
  ...rest
}: SelectFilterProps<V>) {
  return (
    <Select<V>
      aria-label={typeof rest.placeholder === 'string' ? rest.placeholder : undefined}
      {...rest}
      allowClear
      value={value}
      style={{ width }}
      onChange={(v) => onChange(v ?? undefined)}
      data-testid={testId}
    />
  );
}
