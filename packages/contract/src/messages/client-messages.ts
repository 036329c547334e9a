import type { Locale } from '../platforms.js';

/** Client messages (leads): the contact form, the back office's follow-up and the staff's notification. */
export const CLIENT_MESSAGE_MESSAGES = {
  vi: {
    pleaseSelectTopic: 'Vui lòng chọn chủ đề.',
    pleaseInputMessage: 'Vui lòng nhập nội dung cần tư vấn.',
    messageTooLong: 'Nội dung quá dài: tối đa 3000 ký tự.',
    consentRequired: 'Vui lòng đồng ý cho phép xử lý dữ liệu cá nhân để chúng tôi liên hệ lại.',
    unknownService: 'Dịch vụ này không tồn tại.',
    invalidLeadStatus: 'Trạng thái không hợp lệ.',
    topic_service_advice: 'Tư vấn dịch vụ',
    topic_traceability: 'Truy xuất nguồn gốc',
    topic_sales_channels: 'Kênh bán hàng',
    topic_partnership: 'Hợp tác',
    topic_other: 'Khác',
    client_message_sent: 'Cảm ơn bạn đã liên hệ! Chúng tôi sẽ gọi lại cho bạn trong thời gian sớm nhất.',
    client_message_updated: 'Đã cập nhật liên hệ.',
    notification_client_message_received_title: 'Liên hệ mới từ khách hàng',
    notification_client_message_received_body: '{{name}} ({{phone}}) đã gửi liên hệ về "{{topic_vi}}":\n{{message}}',
  },
  en: {
    pleaseSelectTopic: 'Please choose a topic.',
    pleaseInputMessage: 'Please write what you need advice on.',
    messageTooLong: 'The message is too long: at most 3000 characters.',
    consentRequired: 'Please agree to the processing of your personal data so that we can contact you.',
    unknownService: 'This service does not exist.',
    invalidLeadStatus: 'Invalid status.',
    topic_service_advice: 'Service advice',
    topic_traceability: 'Traceability',
    topic_sales_channels: 'Sales channels',
    topic_partnership: 'Partnership',
    topic_other: 'Other',
    client_message_sent: 'Thank you for contacting us! We will call you back as soon as possible.',
    client_message_updated: 'The message has been updated.',
    notification_client_message_received_title: 'New message from a client',
    notification_client_message_received_body: '{{name}} ({{phone}}) sent a message about "{{topic_en}}":\n{{message}}',
  },
} satisfies Record<Locale, Record<string, string>>;
