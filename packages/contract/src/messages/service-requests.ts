/** A producer's service requests (../schemas/service-requests.ts, the producer routes). */
export const SERVICE_REQUEST_MESSAGES = {
  vi: {
    pleaseInputContactName: 'Vui lòng nhập tên người liên hệ.',
    pleaseChooseService: 'Vui lòng chọn dịch vụ.',
    tooManyFields: 'Quá nhiều trường thông tin.',
    service_unavailable: 'Dịch vụ này hiện chưa nhận đăng ký.',
    service_already_requested: 'Bạn đã đăng ký dịch vụ "{{service}}": vui lòng theo dõi yêu cầu đang có.',
    service_request_not_editable:
      'Yêu cầu đang ở bước "{{step}}": chỉ sửa được khi đang điền thông tin hoặc khi được yêu cầu bổ sung hồ sơ.',
    service_request_registered: 'Đã gửi đăng ký dịch vụ.',
    service_request_free_registered: 'Đăng ký dịch vụ thành công.',
    service_request_saved: 'Đã lưu yêu cầu dịch vụ.',
    service_request_moved: 'Yêu cầu đã chuyển sang bước "{{step}}".',
    service_request_cancelled: 'Đã hủy yêu cầu dịch vụ.',
    service_request_note_added: 'Đã gửi phản hồi.',
    service_request_producer_only: 'Chỉ tài khoản đơn vị sản xuất mới đăng ký được dịch vụ.',
    pleaseAttachDossier: 'Vui lòng đính kèm hồ sơ trước khi nộp.',
  },
  en: {
    pleaseInputContactName: 'Please enter the contact name.',
    pleaseChooseService: 'Please choose a service.',
    tooManyFields: 'Too many fields.',
    service_unavailable: 'This service does not take registrations at the moment.',
    service_already_requested: 'You have already registered for "{{service}}": please follow your current request.',
    service_request_not_editable:
      'The request is at the step "{{step}}": it can only be edited while filling in information or when more documents are asked for.',
    service_request_registered: 'Your service registration has been sent.',
    service_request_free_registered: 'You are registered for the service.',
    service_request_saved: 'Service request saved.',
    service_request_moved: 'The request moved to the step "{{step}}".',
    service_request_cancelled: 'Service request cancelled.',
    service_request_note_added: 'Your reply has been sent.',
    service_request_producer_only: 'Only a producer account can register for services.',
    pleaseAttachDossier: 'Please attach the dossier before submitting it.',
  },
};
