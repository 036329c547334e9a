import type { ReactNode } from 'react';
import { Button, Flex, Input, Select, type SelectProps } from 'antd';

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

/** The list's free-text search, sent on Enter (or the button). */
export function SearchFilter({ value, onSearch, placeholder, width, testId, enterButton }: SearchFilterProps) {
  return (
    <Input.Search
      key={value ?? ''}
      allowClear
      enterButton={enterButton}
      defaultValue={value}
      placeholder={placeholder}
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

/** A clearable select filter of a list. */
export function SelectFilter<V extends string | number>({
  value,
  onChange,
  width,
  testId,
  ...rest
}: SelectFilterProps<V>) {
  return (
    <Select<V>
      {...rest}
      allowClear
      value={value}
      style={{ width }}
      onChange={(v) => onChange(v ?? undefined)}
      data-testid={testId}
    />
  );
}
