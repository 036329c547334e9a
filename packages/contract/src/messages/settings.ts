import type { Locale } from '../platforms.js';

/** Settings (/general-setting): the user's own switches and language, the platform's contact and third-party ids. */
export const SETTING_MESSAGES = {
  vi: {
    invalidNotificationKind: 'Loại thông báo không hợp lệ.',
    invalidSwitch: 'Giá trị bật/tắt không hợp lệ.',
    invalidSettingValue: 'Giá trị không hợp lệ.',
    notification_kind_not_offered: 'Tài khoản của bạn không nhận loại thông báo này.',
    notification_kind_mandatory: 'Thông báo bảo mật tài khoản luôn được gửi và không thể tắt.',
    invalidGaMeasurementId: 'Mã đo lường Google Analytics phải có dạng G-XXXXXXXXXX (chữ in hoa và số).',
    invalidFacebookPage: 'Tên người dùng hoặc ID trang Facebook không hợp lệ (5–50 ký tự: chữ, số, dấu chấm).',
    invalidZaloOaId: 'ID Zalo Official Account phải gồm 6–20 chữ số.',
    settings_saved: 'Đã lưu cài đặt của bạn.',
    platform_settings_saved: 'Đã lưu cài đặt của nền tảng.',
    contact_mail_line: 'Hỗ trợ: {{contact}}',
    widget_zalo_welcome: 'Xin chào! Chúng tôi có thể giúp gì cho bạn?',
    widget_messenger_label: 'Nhắn tin qua Messenger',
  },
  en: {
    invalidNotificationKind: 'Invalid notification kind.',
    invalidSwitch: 'Invalid on/off value.',
    invalidSettingValue: 'Invalid value.',
    notification_kind_not_offered: 'Your account does not receive this kind of notification.',
    notification_kind_mandatory: 'Account security notices are always sent and cannot be turned off.',
    invalidGaMeasurementId: 'A Google Analytics measurement id looks like G-XXXXXXXXXX (capital letters and digits).',
    invalidFacebookPage: 'Invalid Facebook page username or id (5–50 characters: letters, digits, dots).',
    invalidZaloOaId: 'A Zalo Official Account id is 6 to 20 digits.',
    settings_saved: 'Your settings have been saved.',
    platform_settings_saved: 'The platform settings have been saved.',
    contact_mail_line: 'Support: {{contact}}',
    widget_zalo_welcome: 'Hello! How can we help you?',
    widget_messenger_label: 'Chat on Messenger',
  },
} as const satisfies Record<Locale, Record<string, string>>;
