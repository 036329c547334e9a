import { InputNumber, type InputNumberProps } from 'antd';
import { formatVnd, parseVnd } from '../lib/money';

/** An amount in VND (đồng, no decimals) with vi-VN thousands separators. */
export function MoneyInput(props: Omit<InputNumberProps<number>, 'formatter' | 'parser'>) {
  return (
    <InputNumber<number>
      min={0}
      max={1_000_000_000_000}
      precision={0}
      step={1000}
      suffix="₫"
      style={{ width: '100%' }}
      {...props}
      formatter={(v) => formatVnd(v)}
      parser={parseVnd}
    />
  );
}
