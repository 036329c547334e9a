import type { Locale } from '../platforms.js';

/**
 * In-app notifications and their mails (../notifications.ts renders them): a title and a body
 * per type, and the frame of the mail around them. `{{reason}}` is only ever the note the
 * producer may read.
 */
export const NOTIFICATION_MESSAGES = {
  vi: {
    notification_producer_approved_title: 'Đơn vị sản xuất đã được duyệt',
    notification_producer_approved_body:
      'Đơn vị sản xuất "{{producer}}" của bạn trên {{platform}} đã được quản trị viên duyệt. ' +
      'Bạn có thể đăng nhập để tiếp tục sử dụng hệ thống.',
    notification_producer_closed_title: 'Đơn vị sản xuất đã bị đóng',
    notification_producer_closed_body:
      'Đơn vị sản xuất "{{producer}}" của bạn trên {{platform}} đã bị quản trị viên đóng.\nLý do: {{reason}}',
    notification_product_approved_title: 'Sản phẩm đã được duyệt',
    notification_product_approved_body: 'Sản phẩm "{{product}}" đã được quản trị viên duyệt và hiển thị công khai.',
    notification_sale_channel_subject_product: 'sản phẩm "{{product}}"',
    notification_sale_channel_subject_producer: 'gian hàng của "{{producer}}"',
    notification_sale_channel_reference_approved_title: 'Đăng ký kênh bán đã được duyệt',
    notification_sale_channel_reference_approved_body: 'Đăng ký {{subject_vi}} lên kênh {{channel}} đã được duyệt.',
    notification_sale_channel_reference_rejected_title: 'Đăng ký kênh bán bị từ chối',
    notification_sale_channel_reference_rejected_body:
      'Đăng ký {{subject_vi}} lên kênh {{channel}} chưa được duyệt.\nLý do: {{reason}}\nHãy bổ sung và gửi lại.',
    notification_sale_channel_reference_closed_title: 'Đăng ký kênh bán đã bị đóng',
    notification_sale_channel_reference_closed_body:
      'Đăng ký {{subject_vi}} lên kênh {{channel}} đã bị đóng.\nLý do: {{reason}}',
    notification_product_rejected_title: 'Sản phẩm bị từ chối duyệt',
    notification_product_rejected_body:
      'Sản phẩm "{{product}}" chưa được duyệt.\nLý do: {{reason}}\nVui lòng chỉnh sửa và gửi duyệt lại.',
    notification_batch_recalled_title: 'Lô hàng đã bị thu hồi',
    notification_batch_recalled_body:
      'Lô hàng "{{batch}}" của sản phẩm "{{product}}" đã bị thu hồi.\nLý do: {{reason}}',
    notification_chain_recalled_title: 'Thu hồi theo chuỗi cung ứng',
    notification_chain_recalled_body:
      'Lô "{{start}}" bị thu hồi; {{count}} lô bạn đang giữ bị ảnh hưởng ({{lots}}).\nLý do: {{reason}}',
    notification_user_password_changed_title: 'Mật khẩu đã được thay đổi',
    notification_user_password_changed_body:
      'Mật khẩu của tài khoản {{email}} trên {{platform}} vừa được thay đổi. ' +
      'Nếu không phải bạn thực hiện, vui lòng liên hệ quản trị viên ngay.',
    notification_user_account_updated_title: 'Tài khoản của bạn đã được thay đổi',
    notification_user_account_updated_body:
      '{{actor}} đã thay đổi {{fields_vi}} của tài khoản {{email}} trên {{platform}}. ' +
      'Nếu bạn không biết vì sao, vui lòng liên hệ quản trị viên.',
    notification_user_account_deactivated_title: 'Tài khoản của bạn đã bị vô hiệu hóa',
    notification_user_account_deactivated_body:
      '{{actor}} đã vô hiệu hóa tài khoản {{email}} trên {{platform}}; mọi phiên đăng nhập đã kết thúc. ' +
      'Nếu bạn không biết vì sao, vui lòng liên hệ quản trị viên.',
    notification_user_account_reactivated_title: 'Tài khoản của bạn đã được kích hoạt lại',
    notification_user_account_reactivated_body:
      '{{actor}} đã kích hoạt lại tài khoản {{email}} trên {{platform}}; bạn đăng nhập lại bằng mật khẩu của mình.',
    notification_service_request_step_changed_title: 'Yêu cầu dịch vụ chuyển bước',
    notification_service_request_step_changed_body:
      'Yêu cầu dịch vụ "{{service_vi}}" (mã {{id}}) đã chuyển sang bước "{{step_vi}}".',
    notification_service_request_step_changed_with_reason_title: 'Yêu cầu dịch vụ chuyển bước',
    notification_service_request_step_changed_with_reason_body:
      'Yêu cầu dịch vụ "{{service_vi}}" (mã {{id}}) đã chuyển sang bước "{{step_vi}}".\nGhi chú: {{reason}}',
    notification_service_request_note_added_title: 'Ghi chú mới về yêu cầu dịch vụ',
    notification_service_request_note_added_body:
      '{{author}} đã gửi ghi chú về yêu cầu dịch vụ "{{service_vi}}" (mã {{id}}):\n{{note}}',
    notification_service_request_producer_replied_title: 'Đơn vị sản xuất đã phản hồi',
    notification_service_request_producer_replied_body:
      '{{producer}} đã phản hồi yêu cầu dịch vụ "{{service_vi}}" (mã {{id}}):\n{{note}}',
    notification_department_registration_received_title: 'Đăng ký gian hàng mới',
    notification_department_registration_received_body:
      '{{producer}} vừa đăng ký "{{service_vi}}" (yêu cầu mã {{id}}). Vui lòng xem và xử lý yêu cầu.',
    notification_service_request_assigned_title: 'Bạn được giao một yêu cầu dịch vụ',
    notification_service_request_assigned_body:
      '{{actor}} đã giao cho bạn yêu cầu dịch vụ "{{service_vi}}" (mã {{id}}) của {{producer}}.',
    notification_mail_subject: '[{{platform}}] {{title}}',
    notification_mail_greeting: 'Xin chào {{name}},',
    notification_mail_open: 'Xem chi tiết',
    notification_mail_signoff: 'Trân trọng,\nĐội ngũ {{platform}}',
    notifications_all_read: 'Đã đánh dấu {{count}} thông báo là đã đọc.',
  },
  en: {
    notification_producer_approved_title: 'Your producer has been approved',
    notification_producer_approved_body:
      'Your producer "{{producer}}" on {{platform}} has been approved by an administrator. ' +
      'You can sign in and keep using the portal.',
    notification_producer_closed_title: 'Your producer has been closed',
    notification_producer_closed_body:
      'Your producer "{{producer}}" on {{platform}} has been closed by an administrator.\nReason: {{reason}}',
    notification_product_approved_title: 'Product approved',
    notification_product_approved_body:
      'The product "{{product}}" has been approved by an administrator and is now public.',
    notification_sale_channel_subject_product: 'the product "{{product}}"',
    notification_sale_channel_subject_producer: 'the shop of "{{producer}}"',
    notification_sale_channel_reference_approved_title: 'Sales channel registration approved',
    notification_sale_channel_reference_approved_body:
      'The registration of {{subject_en}} to {{channel}} was approved.',
    notification_sale_channel_reference_rejected_title: 'Sales channel registration rejected',
    notification_sale_channel_reference_rejected_body:
      'The registration of {{subject_en}} to {{channel}} was not approved.\nReason: {{reason}}\nComplete it and send it again.',
    notification_sale_channel_reference_closed_title: 'Sales channel registration closed',
    notification_sale_channel_reference_closed_body:
      'The registration of {{subject_en}} to {{channel}} was closed.\nReason: {{reason}}',
    notification_product_rejected_title: 'Product rejected',
    notification_product_rejected_body:
      'The product "{{product}}" was not approved.\nReason: {{reason}}\nPlease edit it and submit it again.',
    notification_batch_recalled_title: 'Batch recalled',
    notification_batch_recalled_body:
      'The batch "{{batch}}" of the product "{{product}}" has been recalled.\nReason: {{reason}}',
    notification_chain_recalled_title: 'Supply chain recall',
    notification_chain_recalled_body:
      'The lot "{{start}}" was recalled; {{count}} lots you hold are affected ({{lots}}).\nReason: {{reason}}',
    notification_user_password_changed_title: 'Your password was changed',
    notification_user_password_changed_body:
      'The password of the account {{email}} on {{platform}} has just been changed. ' +
      'If it was not you, please contact the administrators at once.',
    notification_user_account_updated_title: 'Your account was changed',
    notification_user_account_updated_body:
      '{{actor}} changed the {{fields_en}} of the account {{email}} on {{platform}}. ' +
      'If you do not know why, please contact the administrators.',
    notification_user_account_deactivated_title: 'Your account was deactivated',
    notification_user_account_deactivated_body:
      '{{actor}} deactivated the account {{email}} on {{platform}}; every session has ended. ' +
      'If you do not know why, please contact the administrators.',
    notification_user_account_reactivated_title: 'Your account was reactivated',
    notification_user_account_reactivated_body:
      '{{actor}} reactivated the account {{email}} on {{platform}}; sign in again with your password.',
    notification_service_request_step_changed_title: 'Service request moved on',
    notification_service_request_step_changed_body:
      'The service request "{{service_en}}" (no. {{id}}) moved to the step "{{step_en}}".',
    notification_service_request_step_changed_with_reason_title: 'Service request moved on',
    notification_service_request_step_changed_with_reason_body:
      'The service request "{{service_en}}" (no. {{id}}) moved to the step "{{step_en}}".\nNote: {{reason}}',
    notification_service_request_note_added_title: 'New note on your service request',
    notification_service_request_note_added_body:
      '{{author}} wrote about the service request "{{service_en}}" (no. {{id}}):\n{{note}}',
    notification_service_request_producer_replied_title: 'The producer replied',
    notification_service_request_producer_replied_body:
      '{{producer}} replied on the service request "{{service_en}}" (no. {{id}}):\n{{note}}',
    notification_department_registration_received_title: 'New department registration',
    notification_department_registration_received_body:
      '{{producer}} has just registered for "{{service_en}}" (request no. {{id}}). Please review the request.',
    notification_service_request_assigned_title: 'A service request was assigned to you',
    notification_service_request_assigned_body:
      '{{actor}} assigned you the service request "{{service_en}}" (no. {{id}}) of {{producer}}.',
    notification_mail_subject: '[{{platform}}] {{title}}',
    notification_mail_greeting: 'Hello {{name}},',
    notification_mail_open: 'View details',
    notification_mail_signoff: 'Regards,\nThe {{platform}} team',
    notifications_all_read: '{{count}} notification(s) marked as read.',
  },
} as const satisfies Record<Locale, Record<string, string>>;
