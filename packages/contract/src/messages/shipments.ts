/** Messages of the supply chain's shipments (ADR 036). */
export const SHIPMENTS_MESSAGES = {
  vi: {
    state_sent: 'Đã gửi',
    state_received: 'Đã nhận',
    state_refused: 'Bị từ chối nhận',
    pleaseSelectLot: 'Vui lòng chọn lô hàng.',
    pleaseSelectPartner: 'Vui lòng chọn đối tác.',
    invalidPartner: 'Đối tác không tồn tại hoặc không thuộc đơn vị của bạn.',
    invalidDocumentType: 'Loại chứng từ không hợp lệ.',
    dateInFuture: 'Ngày không được sau hôm nay.',
    receivedBeforeShipped: 'Ngày nhận không được trước ngày gửi ({{shipped_on}}).',
    lot_not_shippable: 'Lô hàng đang tạm dừng hoặc đã thu hồi, không thể xuất.',
    shipment_already_received: 'Lô hàng đã được đối tác nhận, không thể hủy.',
    shipment_not_receivable: 'Chỉ đối tác trên nền tảng mới nhận được lô hàng này.',
    notification_shipment_incoming_title: 'Có hàng đến',
    notification_shipment_incoming_body:
      '{{sender}} đã gửi {{quantity}} {{unit}} lô {{lot}} ({{product}}) ngày {{shipped_on}}. Hãy xác nhận nhận hàng hoặc từ chối.',
    notification_shipment_received_title: 'Đối tác đã nhận hàng',
    notification_shipment_received_body:
      '{{receiver}} đã nhận {{received}} {{unit}} của lô {{lot}} (đã gửi {{quantity}} {{unit}}) ngày {{received_on}}.',
    notification_shipment_refused_title: 'Đối tác từ chối nhận hàng',
    notification_shipment_refused_body:
      '{{receiver}} đã từ chối nhận {{quantity}} {{unit}} của lô {{lot}}.\nLý do: {{reason}}',
    notification_shipment_cancelled_title: 'Lô hàng gửi đến đã bị hủy',
    notification_shipment_cancelled_body:
      '{{sender}} đã hủy chuyến hàng {{quantity}} {{unit}} lô {{lot}}.\nLý do: {{reason}}',
  },
  en: {
    state_sent: 'Sent',
    state_received: 'Received',
    state_refused: 'Refused',
    pleaseSelectLot: 'Please select a lot.',
    pleaseSelectPartner: 'Please select a partner.',
    invalidPartner: 'The partner does not exist or is not your producer’s.',
    invalidDocumentType: 'Invalid document type.',
    dateInFuture: 'The date cannot be after today.',
    receivedBeforeShipped: 'The receipt date cannot be before the shipping date ({{shipped_on}}).',
    lot_not_shippable: 'The lot is on hold or recalled and cannot be shipped.',
    shipment_already_received: 'The partner has received this shipment: it cannot be cancelled.',
    shipment_not_receivable: 'Only a partner on the platform can receive this shipment.',
    notification_shipment_incoming_title: 'Incoming shipment',
    notification_shipment_incoming_body:
      '{{sender}} shipped {{quantity}} {{unit}} of lot {{lot}} ({{product}}) on {{shipped_on}}. Please receive or refuse it.',
    notification_shipment_received_title: 'Shipment received',
    notification_shipment_received_body:
      '{{receiver}} received {{received}} {{unit}} of lot {{lot}} ({{quantity}} {{unit}} shipped) on {{received_on}}.',
    notification_shipment_refused_title: 'Shipment refused',
    notification_shipment_refused_body:
      '{{receiver}} refused {{quantity}} {{unit}} of lot {{lot}}.\nReason: {{reason}}',
    notification_shipment_cancelled_title: 'Incoming shipment cancelled',
    notification_shipment_cancelled_body:
      '{{sender}} cancelled the shipment of {{quantity}} {{unit}} of lot {{lot}}.\nReason: {{reason}}',
  },
} as const;
