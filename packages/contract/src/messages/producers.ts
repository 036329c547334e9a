import type { Locale } from '../platforms.js';

/** Administration of producers: approval status, bulk changes. */
export const PRODUCER_MESSAGES = {
  vi: {
    // success notes (meta.message)
    producer_approved: 'Đã duyệt đơn vị sản xuất.',
    producer_closed: 'Đã đóng đơn vị sản xuất.',
    producer_reopened: 'Đã chuyển đơn vị sản xuất về trạng thái chờ duyệt.',
    producers_bulk_updated: 'Đã cập nhật trạng thái {{count}} đơn vị sản xuất.',
    producer_deleted_final: 'Đơn vị sản xuất này đã được chủ sở hữu xóa: không thể mở lại hay duyệt.',
    // field validation
    pleaseInputCloseReason: 'Vui lòng nhập lý do đóng đơn vị sản xuất.',
    closeReasonTooLong: 'Lý do tối đa 500 ký tự.',
    pleaseSelectProducers: 'Vui lòng chọn ít nhất một đơn vị sản xuất.',
    tooManyProducers: 'Mỗi lần chỉ cập nhật được tối đa {{max}} đơn vị sản xuất.',
    // The mails on approval and closing are notifications (./notifications.ts).
  },
  en: {
    producer_approved: 'Producer approved.',
    producer_closed: 'Producer closed.',
    producer_reopened: 'Producer moved back to pending approval.',
    producers_bulk_updated: 'Status updated for {{count}} producer(s).',
    producer_deleted_final: 'This producer was deleted by its owner: it cannot be reopened or approved.',
    pleaseInputCloseReason: 'Please enter the reason for closing the producer.',
    closeReasonTooLong: 'The reason can be at most 500 characters.',
    pleaseSelectProducers: 'Please select at least one producer.',
    tooManyProducers: 'At most {{max}} producers can be updated at once.',
  },
} as const satisfies Record<Locale, Record<string, string>>;
