import type { Locale } from '../platforms.js';

/** Room availability and the rooms admin (Foodmap department registration). */
export const BOOKING_ROOM_MESSAGES = {
  vi: {
    bookingPeriodIncomplete: 'Hãy chọn cả ngày bắt đầu và số tháng thuê.',
    roomBooked: 'Gian hàng {{room}} đã được đặt đến ngày {{until}}; gian hàng trống lại từ ngày {{date}}. Vui lòng chọn thời gian hoặc gian hàng khác.',
    booking_room_not_found: 'Không tìm thấy gian hàng.',
    pleaseInputRoomName: 'Vui lòng nhập tên gian hàng.',
    pleaseInputRoomLocation: 'Vui lòng nhập vị trí gian hàng.',
    invalidRoomSize: 'Diện tích phải là số nguyên từ 1 đến 100.000 m².',
    invalidRoomPrice: 'Giá thuê phải là số nguyên VND từ 0 đến 100.000.000.000.',
    roomHasBookings:
      'Gian hàng {{room}} đang có {{count}} lượt đặt hiện tại hoặc sắp tới nên không thể xóa. Hãy tắt "Còn nhận đặt" để ngừng nhận đặt thay vì xóa.',
    booking_room_created: 'Đã thêm gian hàng.',
    booking_room_updated: 'Đã cập nhật gian hàng.',
    booking_room_deleted: 'Đã xóa gian hàng.',
  },
  en: {
    bookingPeriodIncomplete: 'Choose both the start date and the number of months.',
    roomBooked: 'The space {{room}} is booked until {{until}}; it is free again from {{date}}. Please choose another period or space.',
    booking_room_not_found: 'Space not found.',
    pleaseInputRoomName: 'Please enter the space name.',
    pleaseInputRoomLocation: 'Please enter the space location.',
    invalidRoomSize: 'The size is a whole number from 1 to 100,000 m².',
    invalidRoomPrice: 'The price is a whole number of VND from 0 to 100,000,000,000.',
    roomHasBookings:
      'The space {{room}} has {{count}} current or upcoming bookings and cannot be deleted. Turn off "Open to booking" to stop new bookings instead.',
    booking_room_created: 'Space added.',
    booking_room_updated: 'Space updated.',
    booking_room_deleted: 'Space deleted.',
  },
} as const satisfies Record<Locale, Record<string, string>>;
