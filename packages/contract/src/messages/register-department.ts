import type { Locale } from '../platforms.js';

/** Foodmap's department registration (form fields, answer and the mails it sends). */
export const REGISTER_DEPARTMENT_MESSAGES = {
  vi: {
    pleaseInputBusinessName: 'Vui lòng nhập tên doanh nghiệp.',
    pleaseInputTaxCode: 'Vui lòng nhập mã số thuế.',
    pleaseInputRepresentative: 'Vui lòng nhập người đại diện.',
    pleaseInputPhone: 'Vui lòng nhập số điện thoại.',
    pleaseSelectProvince: 'Vui lòng chọn tỉnh/thành phố.',
    pleaseSelectGoodsCategory: 'Vui lòng chọn ngành hàng.',
    pleaseSelectRoom: 'Vui lòng chọn gian hàng.',
    roomUnavailable: 'Gian hàng này không còn trống, vui lòng chọn gian hàng khác.',
    goodsCategoryUnknown: 'Ngành hàng không tồn tại.',
    invalidBookingMonths: 'Thời gian thuê từ 1 đến 36 tháng.',
    pleaseInputStartDate: 'Vui lòng chọn ngày bắt đầu thuê.',
    startDateInPast: 'Ngày bắt đầu thuê không được trước hôm nay.',
    pleaseAttachDocuments: 'Vui lòng đính kèm ít nhất một giấy tờ (giấy phép kinh doanh…).',
    tooManyDocuments: 'Chỉ được đính kèm tối đa {{max}} tệp.',
    department_registered:
      'Đã gửi đăng ký gian hàng. Chúng tôi sẽ liên hệ với bạn sớm; hãy kiểm tra email để theo dõi đăng ký.',
    department_account_mail_subject: '[{{platform}}] Tài khoản đăng ký gian hàng của {{business}}',
    department_account_mail_body:
      'Xin chào {{name}},\n\nChúng tôi đã nhận đăng ký gian hàng của {{business}} ({{room}}, {{months}} tháng từ ngày {{start}}).\n' +
      'Một tài khoản {{platform}} đã được tạo cho email {{email}} và đang chờ quản trị viên phê duyệt.\n' +
      'Mở liên kết sau để đặt mật khẩu rồi đăng nhập theo dõi đăng ký (liên kết có hiệu lực trong {{hours}} giờ và chỉ dùng được một lần):\n\n{{link}}\n\n' +
      'Nếu bạn không thực hiện đăng ký này, hãy bỏ qua email này.\n\nTrân trọng,\nĐội ngũ {{platform}}',
    department_request_mail_subject: '[{{platform}}] Đã nhận đăng ký gian hàng của {{business}}',
    department_request_mail_body:
      'Xin chào {{name}},\n\nChúng tôi đã nhận đăng ký gian hàng của {{business}} ({{room}}, {{months}} tháng từ ngày {{start}}) ' +
      'gửi bằng email {{email}}. Đăng nhập {{platform}} để theo dõi yêu cầu: {{link}}\n\n' +
      'Nếu bạn không thực hiện đăng ký này, hãy liên hệ với chúng tôi.\n\nTrân trọng,\nĐội ngũ {{platform}}',
  },
  en: {
    pleaseInputBusinessName: 'Please enter the business name.',
    pleaseInputTaxCode: 'Please enter the tax code.',
    pleaseInputRepresentative: 'Please enter the legal representative.',
    pleaseInputPhone: 'Please enter a phone number.',
    pleaseSelectProvince: 'Please select a province or city.',
    pleaseSelectGoodsCategory: 'Please select a goods category.',
    pleaseSelectRoom: 'Please select a space.',
    roomUnavailable: 'This space is no longer available, please choose another one.',
    goodsCategoryUnknown: 'This goods category does not exist.',
    invalidBookingMonths: 'The booking lasts 1 to 36 months.',
    pleaseInputStartDate: 'Please choose the start date.',
    startDateInPast: 'The start date cannot be before today.',
    pleaseAttachDocuments: 'Please attach at least one document (business licence…).',
    tooManyDocuments: 'At most {{max}} files can be attached.',
    department_registered:
      'Your department registration has been sent. We will contact you soon; check your e-mail to follow it.',
    department_account_mail_subject: '[{{platform}}] Account for the department registration of {{business}}',
    department_account_mail_body:
      'Hello {{name}},\n\nWe received the department registration of {{business}} ({{room}}, {{months}} months from {{start}}).\n' +
      'A {{platform}} account was created for {{email}} and is waiting for an administrator to approve it.\n' +
      'Open this link to choose your password, then log in to follow the registration (valid for {{hours}} hours, usable once):\n\n{{link}}\n\n' +
      'If you did not register, ignore this email.\n\nRegards,\nThe {{platform}} team',
    department_request_mail_subject: '[{{platform}}] Department registration of {{business}} received',
    department_request_mail_body:
      'Hello {{name}},\n\nWe received the department registration of {{business}} ({{room}}, {{months}} months from {{start}}) ' +
      'sent with the e-mail {{email}}. Log in to {{platform}} to follow the request: {{link}}\n\n' +
      'If you did not register, please contact us.\n\nRegards,\nThe {{platform}} team',
  },
} as const satisfies Record<Locale, Record<string, string>>;
