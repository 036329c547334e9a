import type { Locale } from '../platforms.js';

/** The GS1 Digital Link resolver's errors and link titles (../digital-link.ts, ADR 037). */
export const DIGITAL_LINK_MESSAGES = {
  vi: {
    dl_bad_gtin:
      'Đường dẫn GS1 Digital Link không hợp lệ: "{{value}}" không phải mã GTIN đúng (cần 8, 12, 13 hoặc 14 chữ số với số kiểm tra đúng).',
    dl_bad_ai:
      'Đường dẫn GS1 Digital Link không hợp lệ: "{{value}}" không phải mã định danh ứng dụng được phép sau GTIN (chỉ 22, 10 rồi 21, theo đúng thứ tự, mỗi mã kèm một giá trị).',
    dl_bad_value:
      'Đường dẫn GS1 Digital Link không hợp lệ: giá trị "{{value}}" của AI ({{ai}}) sai định dạng (tối đa 20 ký tự thuộc bộ ký tự GS1).',
    dl_bad_expiry: 'Hạn sử dụng (17) "{{value}}" không hợp lệ: cần dạng YYMMDD với tháng và ngày có thật.',
    dl_unknown_link_type: 'Loại liên kết "{{value}}" không được hỗ trợ.',
    dl_link_unavailable: 'Mã này không có liên kết loại "{{value}}".',
    dl_title_trace: 'Truy xuất nguồn gốc lô {{lot}}',
    dl_title_product: 'Thông tin sản phẩm {{name}}',
    dl_title_traceability: 'Hành trình của lô {{lot}}',
    dl_title_recalled: 'Tình trạng thu hồi: lô {{lot}} đã bị thu hồi',
    dl_title_not_recalled: 'Tình trạng thu hồi: lô {{lot}} không bị thu hồi',
    dl_title_certificates: 'Chứng nhận của {{name}}',
    dl_resolver_name: 'Trình phân giải GS1 Digital Link của {{platform}}',
  },
  en: {
    dl_bad_gtin:
      'Invalid GS1 Digital Link: "{{value}}" is not a valid GTIN (8, 12, 13 or 14 digits with a correct check digit).',
    dl_bad_ai:
      'Invalid GS1 Digital Link: "{{value}}" is not an application identifier allowed after a GTIN (only 22, 10 then 21, in that order, each with a value).',
    dl_bad_value:
      'Invalid GS1 Digital Link: the value "{{value}}" of AI ({{ai}}) is malformed (at most 20 characters of the GS1 character set).',
    dl_bad_expiry: 'Expiry date (17) "{{value}}" is invalid: expected YYMMDD with a real month and day.',
    dl_unknown_link_type: 'Link type "{{value}}" is not supported.',
    dl_link_unavailable: 'This code has no link of type "{{value}}".',
    dl_title_trace: 'Traceability of lot {{lot}}',
    dl_title_product: 'Product information: {{name}}',
    dl_title_traceability: 'Journey of lot {{lot}}',
    dl_title_recalled: 'Recall status: lot {{lot}} has been recalled',
    dl_title_not_recalled: 'Recall status: lot {{lot}} is not recalled',
    dl_title_certificates: 'Certificates of {{name}}',
    dl_resolver_name: '{{platform}} GS1 Digital Link resolver',
  },
} satisfies Record<Locale, Record<string, string>>;
