import { describe, expect, it } from 'vitest';
import { localised, priceLabel, rowPrice } from './price';

const base = { type: 1, price_from: 2_500_000, price_unit_vi: 'gói', price_unit_en: 'package' };
const plain = (s: string | null) => s?.replace(/\s/g, ' ');

describe('service prices', () => {
  it('a paid service shows its "from" price in VND with the unit in the reader language', () => {
    const vi = priceLabel(base, 'vi');
    expect(vi.kind).toBe('from');
    if (vi.kind !== 'from') return;
    expect(plain(vi.amount)).toBe('2.500.000 ₫');
    expect(vi.unit).toBe('gói');
    const en = priceLabel(base, 'en');
    expect(en.kind === 'from' && en.unit).toBe('package');
  });

  it('a free service or a zero price is free; no price is quoted on request', () => {
    expect(priceLabel({ ...base, type: 0 }, 'vi')).toEqual({ kind: 'free' });
    expect(priceLabel({ ...base, price_from: 0 }, 'vi')).toEqual({ kind: 'free' });
    expect(priceLabel({ ...base, price_from: null }, 'vi')).toEqual({ kind: 'quote' });
  });

  it('a blank unit is no unit', () => {
    const label = priceLabel({ ...base, price_unit_vi: ' ', price_unit_en: null }, 'en');
    expect(label.kind === 'from' && label.unit).toBeNull();
  });

  it('pricing rows: amount or on request', () => {
    expect(plain(rowPrice(932_000))).toBe('932.000 ₫');
    expect(rowPrice(null)).toBeNull();
  });

  it('English falls back to Vietnamese when blank', () => {
    expect(localised('en', 'Mã vạch', 'Barcode')).toBe('Barcode');
    expect(localised('en', 'Mã vạch', '')).toBe('Mã vạch');
    expect(localised('vi', 'Mã vạch', 'Barcode')).toBe('Mã vạch');
  });
});
