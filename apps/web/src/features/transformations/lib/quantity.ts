/** A quantity as the reader writes numbers (vi-VN: 1.234,5), at most 3 decimals. */
export function formatQuantity(value: number, locale: string): string {
  return value.toLocaleString(locale === 'vi' ? 'vi-VN' : 'en-GB', { maximumFractionDigits: 3 });
}

/** A yield as a percentage (0.8 → "80 %"), or a dash when units differ. */
export function formatYield(value: number | null, locale: string): string {
  if (value === null) return '—';
  return `${(value * 100).toLocaleString(locale === 'vi' ? 'vi-VN' : 'en-GB', { maximumFractionDigits: 1 })} %`;
}
