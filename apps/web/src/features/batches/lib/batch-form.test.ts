import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { batchRequest, traceEventRequest } from '@agrihub/contract/schemas/traceabilities';
import { emptyBatchValues, eventToValues, eventValuesToRequest, valuesToRequest } from './batch-form';
import { filenameFromDisposition } from '../../../lib/filename';

describe('batch form values → API body', () => {
  const filled = {
    ...emptyBatchValues(),
    product_id: 3,
    lot_code: '  LOT-1 ',
    production_date: dayjs('2025-06-01'),
    expiry_date: dayjs('2026-06-01'),
    quantity: 100,
    unit: 'Kg' as const,
  };

  it('a complete form passes the contract schema; an empty production base is null', () => {
    const body = valuesToRequest(filled);
    expect(body).toMatchObject({
      lot_code: 'LOT-1',
      production_date: '2025-06-01',
      expiry_date: '2026-06-01',
      production_base: null,
    });
    expect(batchRequest.safeParse(body).success).toBe(true);
  });

  it('expiry on or before production is refused with the contract message', () => {
    const result = batchRequest.safeParse(valuesToRequest({ ...filled, expiry_date: dayjs('2025-06-01') }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['expiry_date'], message: 'expiryBeforeProduction' });
  });

  it('a base with only an address asks for its name; certificates send their file id', () => {
    const body = valuesToRequest({
      ...filled,
      production_base: { name: '', address: 'Xã A', province_code: '68' },
      certificates: [
        {
          name: 'VietGAP',
          issuer: '',
          number: '',
          valid_until: dayjs('2027-01-01'),
          file: { id: 9, url: '/u/9', filename: 'a.pdf' },
        },
      ],
    });
    expect(body.certificates).toEqual([
      { name: 'VietGAP', issuer: '', number: '', valid_until: '2027-01-01', file_id: 9 },
    ]);
    const result = batchRequest.safeParse(body);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['production_base.name']);
  });

  it('an event round-trips to a valid request with photo and document ids in order', () => {
    const values = {
      ...eventToValues(null),
      step: 'harvesting' as const,
      photos: [
        { id: 5, url: 'a', thumbnail_url: null },
        { id: 2, url: 'b', thumbnail_url: null },
      ],
    };
    const body = eventValuesToRequest(values);
    expect(body).toMatchObject({ step: 'harvesting', photo_ids: [5, 2], document_ids: [], place: null });
    expect(traceEventRequest.safeParse(body).success).toBe(true);
  });
});

describe('download file names', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(
      filenameFromDisposition(`attachment; filename="lo-hang.xlsx"; filename*=UTF-8''l%C3%B4-h%C3%A0ng.xlsx`, 'x'),
    ).toBe('lô-hàng.xlsx');
    expect(filenameFromDisposition('attachment; filename="qrcode.png"', 'x')).toBe('qrcode.png');
    expect(filenameFromDisposition(null, 'qrcode.png')).toBe('qrcode.png');
  });
});
