import type { Locale } from '../platforms.js';

/** Administration of producers: approval status, bulk changes, notification mails. */
export const PRODUCER_MESSAGES = {
  vi: {
    // success notes (meta.message)
    producer_approved: 'Đã duyệt đơn vị sản xuất.',
    producer_closed: 'Đã đóng đơn vị sản xuất.',
    producer_reopened: 'Đã chuyển đơn vị sản xuất về trạng thái chờ duyệt.',
    producers_bulk_updated: 'Đã cập nhật trạng thái {{count}} đơn vị sản xuất.',
    // field validation
    pleaseInputCloseReason: 'Vui lòng nhập lý do đóng đơn vị sản xuất.',
    closeReasonTooLong: 'Lý do tối đa 500 ký tự.',
    pleaseSelectProducers: 'Vui lòng chọn ít nhất một đơn vị sản xuất.',
    tooManyProducers: 'Mỗi lần chỉ cập nhật được tối đa {{max}} đơn vị sản xuất.',
    // notification mails to the producer's accounts
    producer_approved_mail_subject: '[{{platform}}] Đơn vị sản xuất đã được duyệt',
    producer_approved_mail_body:
      'Xin chào {{name}},\n\nĐơn vị sản xuất "{{producer}}" của bạn trên {{platform}} đã được quản trị viên duyệt.\n' +
      'Bạn có thể đăng nhập để tiếp tục sử dụng hệ thống.\n\nTrân trọng,\nĐội ngũ {{platform}}',
    producer_closed_mail_subject: '[{{platform}}] Đơn vị sản xuất đã bị đóng',
    producer_closed_mail_body:
      'Xin chào {{name}},\n\nĐơn vị sản xuất "{{producer}}" của bạn trên {{platform}} đã bị quản trị viên đóng.\n' +
      'Lý do: {{reason}}\n\nNếu cần hỗ trợ, vui lòng liên hệ quản trị viên.\n\nTrân trọng,\nĐội ngũ {{platform}}',
  },
  en: {
    producer_approved: 'Producer approved.',
    producer_closed: 'Producer closed.',
    producer_reopened: 'Producer moved back to pending approval.',
    producers_bulk_updated: 'Status updated for {{count}} producer(s).',
    pleaseInputCloseReason: 'Please enter the reason for closing the producer.',
    closeReasonTooLong: 'The reason can be at most 500 characters.',
    pleaseSelectProducers: 'Please select at least one producer.',
    tooManyProducers: 'At most {{max}} producers can be updated at once.',
    producer_approved_mail_subject: '[{{platform}}] Your producer has been approved',
    producer_approved_mail_body:
      'Hello {{name}},\n\nYour producer "{{producer}}" on {{platform}} has been approved by an administrator.\n' +
      'You can sign in and keep using the portal.\n\nRegards,\nThe {{platform}} team',
    producer_closed_mail_subject: '[{{platform}}] Your producer has been closed',
    producer_closed_mail_body:
      'Hello {{name}},\n\nYour producer "{{producer}}" on {{platform}} has been closed by an administrator.\n' +
      'Reason: {{reason}}\n\nIf you need help, please contact the administrators.\n\nRegards,\nThe {{platform}} team',
  },
} as const satisfies Record<Locale, Record<string, string>>;
