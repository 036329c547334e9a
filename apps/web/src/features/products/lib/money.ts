/**
 * Money in the editor: VND has no subunit, so an amount in đồng is the `cents` on the wire
 * (DESIGN.md §3). Inputs show vi-VN thousands separators ("150.000") whatever the UI language.
 */
const thousands = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });

/** antd InputNumber `formatter`. */
export function formatVnd(value: string | number | undefined | null): string {
  if (value === undefined || value === null || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? thousands.format(n) : '';
}

/** antd InputNumber `parser`: keeps the digits only ("150.000 ₫" → 150000). */
export function parseVnd(text: string | undefined): number {
  const digits = (text ?? '').replace(/\D/g, '');
  return digits ? Number(digits) : (undefined as unknown as number);
}

/** `{ cents }` (or null) → the number an InputNumber edits. */
export function fromMoney(money: { cents: number } | null | undefined): number | null {
  return money ? money.cents : null;
}

/** The number an InputNumber holds → `{ cents, currency_iso }` (or null when empty). */
export function toMoney(amount: number | null | undefined): { cents: number; currency_iso: 'VND' } | null {
  return amount === null || amount === undefined || Number.isNaN(amount)
    ? null
    : { cents: Math.round(amount), currency_iso: 'VND' };
}
