import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import viVN from 'antd/es/locale/vi_VN';

/**
 * antd's texts in the UI language, with the date fields' placeholders the portal uses everywhere:
 * "Chọn ngày" for a date and "Từ ngày" → "Đến ngày" for a range (antd's vi_VN says "Chọn thời
 * điểm" and "Ngày bắt đầu"). Every DatePicker and RangePicker under the ConfigProvider reads them;
 * a field that names its own placeholder (a filter's "Tạo từ ngày") keeps it.
 */
function withDatePlaceholders(base: AntdLocale, placeholder: string, range: [string, string]): AntdLocale {
  const picker = base.DatePicker!;
  const datePicker = { ...picker, lang: { ...picker.lang, placeholder, rangePlaceholder: range } };
  return { ...base, DatePicker: datePicker };
}

const VI = withDatePlaceholders(viVN, 'Chọn ngày', ['Từ ngày', 'Đến ngày']);
const EN = withDatePlaceholders(enUS, 'Select date', ['From date', 'To date']);

export function antdLocale(language: string): AntdLocale {
  return language === 'en' ? EN : VI;
}
