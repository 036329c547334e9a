import type { Locale } from '../platforms.js';

/** Sales channels: registrations of producers and products, decisions, sync (DESIGN §5.3). */
export const SALE_CHANNEL_MESSAGES = {
  vi: {
    // success notes (meta.message)
    sale_channel_updated: 'Đã cập nhật kênh bán.',
    sale_channel_registered: 'Đã gửi đăng ký {{count}} mục lên kênh {{channel}}, đang chờ duyệt.',
    sale_channel_reference_updated: 'Đã cập nhật đăng ký kênh bán.',
    sale_channel_references_bulk_updated: 'Đã cập nhật {{count}} đăng ký kênh bán.',
    sale_channel_reference_synced: 'Đã đồng bộ sản phẩm lên nguồn dữ liệu của kênh.',
    sale_channel_references_resynced: 'Đã đồng bộ lại {{count}} sản phẩm.',
    // refusals
    saleChannelNotFound: 'Không tìm thấy kênh bán.',
    saleChannelInactive: 'Kênh bán {{channel}} đang tạm ngừng nhận đăng ký.',
    saleChannelReferenceNotFound: 'Không tìm thấy đăng ký kênh bán.',
    saleChannelProductNotFound: 'Không tìm thấy sản phẩm này trong các sản phẩm của đơn vị.',
    saleChannelProductsNotReady: 'Chưa gửi được: {{count}} sản phẩm chưa đủ điều kiện của kênh {{channel}}. Hãy bổ sung những mục còn thiếu.',
    saleChannelAlreadyRegistered: '{{name}} đã được đăng ký lên kênh {{channel}}.',
    saleChannelNeedsProducer: 'Tài khoản chưa có đơn vị sản xuất: hãy khai báo thông tin doanh nghiệp trước khi đăng ký kênh bán.',
    saleChannelProducerNotApproved: 'Đơn vị sản xuất chưa được duyệt: chưa thể đăng ký sản phẩm lên kênh bán.',
    saleChannelSyncNotApproved: 'Chỉ đồng bộ được đăng ký đã được duyệt.',
    saleChannelSyncProducerRow: 'Đăng ký gian hàng của đơn vị không có sản phẩm để đồng bộ.',
    saleChannelSyncInvalid: 'Sản phẩm không còn đủ điều kiện của kênh: {{missing}}.',
    // field validation
    pleaseSelectSaleChannelReferences: 'Vui lòng chọn ít nhất một đăng ký.',
    tooManySaleChannelReferences: 'Mỗi lần chỉ cập nhật được tối đa 100 đăng ký.',
    tooManySaleChannelProducts: 'Mỗi lần chỉ đăng ký được tối đa 100 sản phẩm.',
    saleChannelReasonTooLong: 'Lý do tối đa 1000 ký tự.',
  },
  en: {
    sale_channel_updated: 'Sales channel updated.',
    sale_channel_registered: 'Sent {{count}} registration(s) to {{channel}}, waiting for approval.',
    sale_channel_reference_updated: 'Sales channel registration updated.',
    sale_channel_references_bulk_updated: 'Updated {{count}} sales channel registration(s).',
    sale_channel_reference_synced: "Product synced to the channel's feed.",
    sale_channel_references_resynced: 'Resynced {{count}} product(s).',
    saleChannelNotFound: 'Sales channel not found.',
    saleChannelInactive: 'The sales channel {{channel}} is not taking registrations at the moment.',
    saleChannelReferenceNotFound: 'Sales channel registration not found.',
    saleChannelProductNotFound: "This product is not among your producer's products.",
    saleChannelProductsNotReady: 'Not sent: {{count}} product(s) do not meet the requirements of {{channel}} yet. Add what is missing.',
    saleChannelAlreadyRegistered: '{{name}} is already registered to {{channel}}.',
    saleChannelNeedsProducer: 'This account has no producer yet: enter your business information before registering to a sales channel.',
    saleChannelProducerNotApproved: 'Your producer is not approved yet: products cannot be registered to a sales channel.',
    saleChannelSyncNotApproved: 'Only approved registrations can be synced.',
    saleChannelSyncProducerRow: "A producer's shop registration has no product to sync.",
    saleChannelSyncInvalid: "The product no longer meets the channel's requirements: {{missing}}.",
    pleaseSelectSaleChannelReferences: 'Please select at least one registration.',
    tooManySaleChannelReferences: 'At most 100 registrations can be updated at once.',
    tooManySaleChannelProducts: 'At most 100 products can be registered at once.',
    saleChannelReasonTooLong: 'The reason can be at most 1000 characters.',
  },
} as const satisfies Record<Locale, Record<string, string>>;
