import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ConfigProvider, DatePicker } from 'antd';
import { describe, expect, it } from 'vitest';
import { antdLocale } from './antd-locale';

/** The placeholders of every date input antd renders for `language` under the app's ConfigProvider. */
function placeholders(language: string, picker: ReactNode): string[] {
  const html = renderToString(<ConfigProvider locale={antdLocale(language)}>{picker}</ConfigProvider>);
  return [...html.matchAll(/placeholder="([^"]*)"/g)].map((m) => m[1]);
}

describe("date fields speak the portal's words (issue 13)", () => {
  it('a date field asks "Chọn ngày", a range "Từ ngày" → "Đến ngày"', () => {
    expect(placeholders('vi', <DatePicker />)).toEqual(['Chọn ngày']);
    expect(placeholders('vi', <DatePicker format="DD/MM/YYYY" showTime />)).toEqual(['Chọn ngày']);
    expect(placeholders('vi', <DatePicker.RangePicker />)).toEqual(['Từ ngày', 'Đến ngày']);
  });

  it('in English too', () => {
    expect(placeholders('en', <DatePicker />)).toEqual(['Select date']);
    expect(placeholders('en', <DatePicker.RangePicker />)).toEqual(['From date', 'To date']);
  });

  it('a field that names its own placeholder keeps it; the rest of antd stays Vietnamese', () => {
    expect(placeholders('vi', <DatePicker.RangePicker placeholder={['Tạo từ ngày', 'đến ngày']} />)).toEqual([
      'Tạo từ ngày',
      'đến ngày',
    ]);
    expect(antdLocale('vi').Modal?.cancelText).toBe('Hủy');
    expect(antdLocale('vi').DatePicker?.lang.yearPlaceholder).toBe('Chọn năm');
  });
});
