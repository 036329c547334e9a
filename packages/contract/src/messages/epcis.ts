import type { Locale } from '../platforms.js';

/** EPCIS 2.0 REST (`/epcis`, ADR 040): the `detail` of its RFC 7807 problems. */
export const EPCIS_MESSAGES = {
  vi: {
    epcis_query_value: 'Giá trị tham số truy vấn không hợp lệ (mỗi giá trị tối đa 500 ký tự, không có khoảng trắng).',
    epcis_query_time: 'Thời điểm không hợp lệ: cần dạng ISO 8601 có múi giờ, ví dụ 2025-04-01T00:00:00+07:00.',
    epcis_query_event_type:
      'Loại sự kiện không hợp lệ: chỉ ObjectEvent, AggregationEvent, TransactionEvent, TransformationEvent, AssociationEvent.',
    epcis_query_per_page: 'perPage phải từ 1 đến 500.',
    epcis_query_page_token: 'nextPageToken không hợp lệ hoặc không thuộc truy vấn này.',
    epcis_query_unknown: 'Tham số truy vấn "{{name}}" không được hỗ trợ.',
    epcis_query_invalid: 'Tham số truy vấn "{{name}}" không hợp lệ: {{reason}}',
    epcis_capture_too_many: 'Tài liệu có {{count}} sự kiện, vượt giới hạn {{max}} sự kiện mỗi lần gửi.',
    epcis_capture_too_large: 'Tài liệu vượt giới hạn {{max}} mỗi lần gửi.',
    epcis_capture_not_json: 'Nội dung gửi không phải JSON hợp lệ.',
    epcis_capture_schema: 'Tài liệu không đúng lược đồ JSON EPCIS 2.0 của GS1 tại "{{path}}": {{reason}}',
    epcis_capture_event_invalid: 'Sự kiện số {{index}} không hợp lệ ở trường "{{field}}": {{reason}}',
    epcis_not_found: 'Không tìm thấy.',
    epcis_unauthenticated: 'Thiếu khóa API hợp lệ.',
    epcis_forbidden: 'Khóa API không có quyền thực hiện thao tác này.',
    epcis_internal: 'Lỗi máy chủ.',
    event_captured: 'Sự kiện của đối tác gửi qua EPCIS được giữ nguyên như khi nhận: chỉ có thể xóa, không thể sửa.',
  },
  en: {
    epcis_query_value: 'Invalid query parameter value (each value at most 500 characters, no whitespace).',
    epcis_query_time: 'Invalid time: expected ISO 8601 with an offset, e.g. 2025-04-01T00:00:00+07:00.',
    epcis_query_event_type:
      'Invalid event type: only ObjectEvent, AggregationEvent, TransactionEvent, TransformationEvent, AssociationEvent.',
    epcis_query_per_page: 'perPage must be between 1 and 500.',
    epcis_query_page_token: 'nextPageToken is invalid or belongs to another query.',
    epcis_query_unknown: 'Query parameter "{{name}}" is not supported.',
    epcis_query_invalid: 'Query parameter "{{name}}" is invalid: {{reason}}',
    epcis_capture_too_many: 'The document has {{count}} events, over the limit of {{max}} events per capture.',
    epcis_capture_too_large: 'The document is over the limit of {{max}} per capture.',
    epcis_capture_not_json: 'The body is not valid JSON.',
    epcis_capture_schema: 'The document does not follow GS1’s EPCIS 2.0 JSON schema at "{{path}}": {{reason}}',
    epcis_capture_event_invalid: 'Event {{index}} is invalid in field "{{field}}": {{reason}}',
    epcis_not_found: 'Not found.',
    epcis_unauthenticated: 'A valid API key is missing.',
    epcis_forbidden: 'The API key may not do this.',
    epcis_internal: 'Server error.',
    event_captured: 'A partner’s event captured through EPCIS is kept as it came: it can be removed, not edited.',
  },
} satisfies Record<Locale, Record<string, string>>;
