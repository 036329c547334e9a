import type { Locale } from '../platforms.js';

/** GTIN ownership, what approval gates (../publication.ts) and stale saves. */
export const PUBLICATION_MESSAGES = {
  vi: {
    gtin_taken:
      'Mã GTIN {{gtin}} đã được đăng ký bởi một đơn vị sản xuất khác trên nền tảng. Mỗi GTIN chỉ thuộc về một đơn vị; nếu đây là mã của bạn, vui lòng liên hệ quản trị viên.',
    gtin_taken_own:
      'Mã GTIN {{gtin}} đã được dùng cho sản phẩm "{{name}}" của đơn vị. Theo quy tắc GS1, mỗi GTIN chỉ xác định một sản phẩm.',
    gtin_printed:
      'Không thể đổi hoặc bỏ mã GTIN {{gtin}}: mã này đã in trên lô hàng đã công bố của sản phẩm, và đường dẫn truy xuất trên bao bì phải luôn mở đúng lô hàng đó. Nếu cần mã GTIN khác, hãy tạo sản phẩm mới.',
    producer_closed_readonly:
      'Đơn vị sản xuất đã bị đóng nên không thể thay đổi dữ liệu. Vui lòng liên hệ quản trị viên.',
    publish_producer_not_approved:
      'Đơn vị sản xuất chưa được duyệt nên chưa thể công bố lô hàng. Bạn vẫn có thể soạn sản phẩm, lô hàng và gửi sản phẩm để duyệt.',
    publish_product_not_approved:
      'Sản phẩm của lô hàng chưa được duyệt nên chưa thể công bố lô hàng. Hãy gửi sản phẩm để duyệt và chờ quản trị viên duyệt.',
    no_longer_available: 'Sản phẩm này không còn được cung cấp.',
    stale_update:
      'Dữ liệu này vừa được người khác thay đổi sau khi bạn mở. Vui lòng tải lại để xem bản mới nhất rồi thực hiện lại thay đổi.',
    invalidUpdatedAt: 'Thời điểm cập nhật không hợp lệ.',
    gtin_verified_saved: 'Đã xác minh mã GTIN.',
    gtin_not_owned: 'Sản phẩm chưa có mã GTIN thuộc về mình nên chưa thể xác minh.',
    gtin_unverified_saved: 'Đã bỏ xác minh mã GTIN.',
  },
  en: {
    gtin_taken:
      'GTIN {{gtin}} is registered by another producer on this platform. A GTIN belongs to one producer; if it is yours, please contact the administrator.',
    gtin_taken_own:
      'GTIN {{gtin}} is already used by your product "{{name}}". Under GS1 rules a GTIN identifies one product only.',
    gtin_printed:
      'GTIN {{gtin}} cannot be changed or removed: it is printed on a published batch of this product, and the trace link on its packs must keep opening that batch. To use another GTIN, create a new product.',
    producer_closed_readonly: 'Your producer has been closed, so its data cannot be changed. Please contact the administrator.',
    publish_producer_not_approved:
      'Your producer is not approved yet, so batches cannot be published. You can still prepare products and batches and submit products for review.',
    publish_product_not_approved:
      "This batch's product is not approved yet, so the batch cannot be published. Submit the product for review and wait for an administrator to approve it.",
    no_longer_available: 'This product is no longer available.',
    stale_update:
      'Someone else changed this record after you opened it. Please reload to see the latest version, then make your change again.',
    invalidUpdatedAt: 'Invalid update time.',
    gtin_verified_saved: 'GTIN marked as verified.',
    gtin_not_owned: 'This product has no GTIN of its own to verify.',
    gtin_unverified_saved: 'GTIN no longer marked as verified.',
  },
} as const satisfies Record<Locale, Record<string, string>>;
