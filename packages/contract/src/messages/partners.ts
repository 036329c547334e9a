/** Messages of the supply chain's partners (ADR 036). */
export const PARTNERS_MESSAGES = {
  vi: {
    pleaseInputPartnerName: 'Vui lòng nhập tên đối tác.',
    invalidPartnerProducer: 'Đơn vị trên nền tảng không hợp lệ.',
    invalidPartnerKind: 'Loại đối tác không hợp lệ.',
    partner_producer_not_found: 'Không tìm thấy đơn vị này trên nền tảng.',
    partner_self: 'Không thể thêm chính đơn vị của bạn làm đối tác.',
    partner_already_added: 'Đơn vị này đã có trong danh sách đối tác của bạn.',
    partner_has_shipments: 'Không thể xóa đối tác đã có lô hàng xuất đi.',
    partner_link_locked: 'Không thể đổi đơn vị liên kết của đối tác đã có lô hàng xuất đi.',
  },
  en: {
    pleaseInputPartnerName: 'Please enter the partner’s name.',
    invalidPartnerProducer: 'Invalid producer of the platform.',
    invalidPartnerKind: 'Invalid partner kind.',
    partner_producer_not_found: 'This producer was not found on the platform.',
    partner_self: 'Your own producer cannot be your partner.',
    partner_already_added: 'This producer is already one of your partners.',
    partner_has_shipments: 'A partner with shipments cannot be deleted.',
    partner_link_locked: 'The linked producer of a partner with shipments cannot be changed.',
  },
} as const;
