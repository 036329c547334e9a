/** EUDR due diligence data (ADR 042): the category settings, refusals and the reasons a statement is not ready. */
export const EUDR_MESSAGES = {
  vi: {
    'eudr_commodity.cattle': 'Gia súc (bò)',
    'eudr_commodity.cocoa': 'Ca cao',
    'eudr_commodity.coffee': 'Cà phê',
    'eudr_commodity.oil_palm': 'Dầu cọ',
    'eudr_commodity.rubber': 'Cao su',
    'eudr_commodity.soya': 'Đậu tương',
    'eudr_commodity.wood': 'Gỗ',
    invalidEudrCommodity:
      'Vui lòng chọn một mặt hàng thuộc EUDR (cà phê, cao su, ca cao, gỗ, dầu cọ, đậu tương, gia súc).',
    invalidHsCode: 'Mã HS gồm 4, 6 hoặc 8 chữ số, ví dụ 0901 hoặc 0901.21.',
    eudrHsCodeRequired: 'Mặt hàng thuộc EUDR cần có mã HS.',
    eudr_not_relevant:
      'Sản phẩm này không thuộc mặt hàng EUDR: danh mục của nó chưa được quản trị viên đánh dấu (cà phê, cao su, ca cao, gỗ, dầu cọ, đậu tương, gia súc) kèm mã HS.',
    eudr_geojson_too_large:
      'Dữ liệu vị trí các thửa vượt quá {{max}} MB mà Hệ thống thông tin EU nhận cho một tờ khai. Vui lòng tách lô hoặc lô hàng.',
    eudr_category_saved: 'Đã lưu cài đặt EUDR của danh mục.',
    eudr_ready: 'Đủ dữ liệu cho tờ khai thẩm định (DDS).',
    eudr_not_ready: 'Chưa đủ dữ liệu cho tờ khai EUDR: xem các lý do (reasons) và bổ sung vị trí các thửa còn thiếu.',
    'eudr_reason.no_geometry': 'Thửa “{{name}}” ({{producer}}) chưa có vị trí (điểm hoặc ranh giới).',
    'eudr_reason.point_over_4ha':
      'Thửa “{{name}}” ({{producer}}) rộng {{area}} ha, trên 4 ha: cần ranh giới (vùng), không chỉ một điểm.',
    'eudr_reason.origin_without_plot': 'Lô gốc “{{lot}}” ({{producer}}) không ghi nhận thửa canh tác nào.',
    'eudr_reason.no_mass': 'Đơn vị “{{unit}}” không phải khối lượng: cần khối lượng tịnh (kg) của hàng.',
    'eudr_reason.truncated': 'Chuỗi cung ứng quá lớn để duyệt hết: không thể khẳng định đã có đủ các thửa.',
  },
  en: {
    'eudr_commodity.cattle': 'Cattle',
    'eudr_commodity.cocoa': 'Cocoa',
    'eudr_commodity.coffee': 'Coffee',
    'eudr_commodity.oil_palm': 'Oil palm',
    'eudr_commodity.rubber': 'Rubber',
    'eudr_commodity.soya': 'Soya',
    'eudr_commodity.wood': 'Wood',
    invalidEudrCommodity: 'Choose an EUDR commodity (coffee, rubber, cocoa, wood, oil palm, soya, cattle).',
    invalidHsCode: 'An HS code has 4, 6 or 8 digits, e.g. 0901 or 0901.21.',
    eudrHsCodeRequired: 'An EUDR commodity needs an HS code.',
    eudr_not_relevant:
      'This product is not an EUDR commodity: its category is not flagged by an administrator (coffee, rubber, cocoa, wood, oil palm, soya, cattle) with an HS code.',
    eudr_geojson_too_large:
      'The plots’ geolocation is over the {{max}} MB the EU Information System takes for one statement. Split the lot or shipment.',
    eudr_category_saved: 'The category’s EUDR settings were saved.',
    eudr_ready: 'Ready for the due diligence statement (DDS).',
    eudr_not_ready: 'Not ready for the EUDR statement: see the reasons and add the missing plots’ locations.',
    'eudr_reason.no_geometry': 'Plot “{{name}}” ({{producer}}) has no location (point or outline).',
    'eudr_reason.point_over_4ha':
      'Plot “{{name}}” ({{producer}}) is {{area}} ha, over 4 ha: it needs an outline (polygon), not only a point.',
    'eudr_reason.origin_without_plot': 'Origin lot “{{lot}}” ({{producer}}) names no farm plot.',
    'eudr_reason.no_mass': 'The unit “{{unit}}” is not a mass: the goods’ net mass (kg) is needed.',
    'eudr_reason.truncated': 'The supply chain is too large to walk in full: the plots cannot be confirmed complete.',
  },
} as const;
