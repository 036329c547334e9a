import { describe, expect, it } from 'vitest';
import { serviceUpdateBody, type RegisterService } from '@agrihub/contract/schemas/services';
import { namePath, targetSteps, toFormValues, toUpdateBody } from './form-values';

const service = {
  steps: ['fill_info', 'advice', 'contract', 'paid', 'inprogress', 'done'],
  available: true,
  price_from: 500_000,
  price_unit_vi: 'gian hàng',
  price_unit_en: null,
  target_days: { advice: 2 },
  pricing: [{ item_vi: 'Cơ bản', item_en: 'Basic', unit_vi: '', unit_en: '', price: 500_000, note: null }],
  form_fields: [],
} as unknown as RegisterService;

describe('services-setting form values', () => {
  it('offers target days for every step but done', () => {
    expect(targetSteps(service)).toEqual(['fill_info', 'advice', 'contract', 'paid', 'inprogress']);
    expect(toFormValues(service).target_days).toEqual({ fill_info: null, advice: 2, contract: null, paid: null, inprogress: null });
  });

  it('turns the form back into a body the contract accepts: blanks to null, empty days left out', () => {
    const values = toFormValues(service);
    values.price_unit_en = '  ';
    values.target_days.paid = 3;
    values.pricing[0].note = '';
    const body = toUpdateBody(values);
    expect(body).toMatchObject({ price_unit_en: null, target_days: { advice: 2, paid: 3 } });
    expect(body.pricing?.[0].note).toBeNull();
    expect(serviceUpdateBody.safeParse(body).success).toBe(true);
  });

  it('maps server field paths to antd name paths', () => {
    expect(namePath('pricing.0.price')).toEqual(['pricing', 0, 'price']);
    expect(namePath('target_days.advice')).toEqual(['target_days', 'advice']);
  });
});
