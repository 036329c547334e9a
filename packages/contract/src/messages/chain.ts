/** The supply chain's shared errors (quantities and units of lots; ADR 036 §3). */
export const CHAIN_MESSAGES = {
  vi: {
    quantity_exceeds_remaining: 'Vượt quá số lượng còn lại của lô (còn {{remaining}}).',
    quantity_below_used: 'Số lượng của lô không được nhỏ hơn phần đã xuất hoặc đã dùng ({{used}}).',
    unit_mismatch: 'Đơn vị tính phải trùng với đơn vị của lô ({{unit}}).',
    lot_in_chain: 'Không thể xóa lô đã được xuất, nhận hoặc chế biến trong chuỗi cung ứng.',
  },
  en: {
    quantity_exceeds_remaining: 'More than the lot has left ({{remaining}} left).',
    quantity_below_used: 'The lot’s quantity cannot be less than what was shipped or used from it ({{used}}).',
    unit_mismatch: 'The unit must be the lot’s unit ({{unit}}).',
    lot_in_chain: 'A lot that was shipped, received or transformed in the supply chain cannot be deleted.',
  },
} as const;
