import type { ShipmentStatus } from '@agrihub/contract/schemas/chain';

/** `2025-03-10` → `10/03/2025` (a calendar day, no time zone to convert). */
export const formatDay = (d: string | null | undefined) => (d ? d.split('-').reverse().join('/') : '—');

/** A quantity as Vietnamese or English readers write it, up to 3 decimals. */
export const formatQuantity = (n: number, locale: string) =>
  n.toLocaleString(locale === 'vi' ? 'vi-VN' : 'en-GB', { maximumFractionDigits: 3 });

export const STATUS_COLORS: Record<ShipmentStatus, string> = {
  sent: 'processing',
  received: 'success',
  refused: 'error',
  cancelled: 'default',
};

/** received − shipped at the stored precision (contract receiptDifference), signed for display. */
export function signedDifference(n: number, locale: string): string {
  const text = formatQuantity(Math.abs(n), locale);
  return n > 0 ? `+${text}` : n < 0 ? `−${text}` : '0';
}
