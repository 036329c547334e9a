import type { Locale } from '../platforms.js';

/** Account, session, registration, producer-profile and upload messages (issue 2). */
export const ACCOUNT_MESSAGES = {
  vi: {
    locale_not_offered: 'Nền tảng này chỉ hỗ trợ ngôn ngữ: {{locales}}.',
    account_updated: 'Cập nhật thông tin tài khoản thành công.',
    password_changed: 'Đổi mật khẩu thành công.',
    registration_done: 'Đăng ký thành công. Tài khoản của bạn đang chờ quản trị viên phê duyệt.',
    producer_exists: 'Tài khoản này đã có đơn vị sản xuất.',
    producer_created: 'Đã tạo đơn vị sản xuất, vui lòng chờ phê duyệt.',
    producer_updated: 'Cập nhật thông tin doanh nghiệp thành công.',
    invalidResetToken: 'Mã đặt lại mật khẩu không hợp lệ.',
    invalidStatus: 'Trạng thái không hợp lệ.',
    too_many_login_attempts:
      'Đăng nhập sai quá nhiều lần. Vui lòng thử lại sau {{minutes}} phút hoặc đặt lại mật khẩu.',
    too_many_password_attempts: 'Bạn đã nhập sai mật khẩu hiện tại quá nhiều lần. Vui lòng thử lại sau {{minutes}} phút.',
    reset_mail_subject: '[{{platform}}] Đặt lại mật khẩu',
    reset_mail_body:
      'Xin chào {{name}},\n\nChúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản {{email}} trên {{platform}}.\n' +
      'Mở liên kết sau để đặt mật khẩu mới (liên kết có hiệu lực trong {{minutes}} phút và chỉ dùng được một lần):\n\n{{link}}\n\n' +
      'Nếu bạn không yêu cầu, hãy bỏ qua email này; mật khẩu của bạn sẽ không thay đổi.\n\nTrân trọng,\nĐội ngũ {{platform}}',
  },
  en: {
    locale_not_offered: 'This platform only offers these languages: {{locales}}.',
    account_updated: 'Your account information has been saved.',
    password_changed: 'Your password has been changed.',
    registration_done: 'Registration complete. Your account is waiting for an administrator to approve it.',
    producer_exists: 'This account already has a producer.',
    producer_created: 'The producer has been created and is waiting for approval.',
    producer_updated: 'Your business information has been saved.',
    invalidResetToken: 'Invalid password reset code.',
    invalidStatus: 'Invalid status.',
    too_many_login_attempts: 'Too many failed logins. Try again in {{minutes}} minutes or reset your password.',
    too_many_password_attempts: 'Too many wrong current passwords. Try again in {{minutes}} minutes.',
    reset_mail_subject: '[{{platform}}] Reset your password',
    reset_mail_body:
      'Hello {{name}},\n\nWe received a request to reset the password of the account {{email}} on {{platform}}.\n' +
      'Open this link to choose a new password (valid for {{minutes}} minutes, usable once):\n\n{{link}}\n\n' +
      'If you did not ask for this, ignore this email; your password will not change.\n\nRegards,\nThe {{platform}} team',
  },
} as const satisfies Record<Locale, Record<string, string>>;
