import { describe, expect, it } from 'vitest';
import enCommon from '../../public/locales/en/common.json';
import viEnums from '../../public/locales/vi/enums.json';
import type { EnumName } from '../lib/enums';
import type { ActivityRow } from '../lib/history';
import { HISTORY_SUBJECTS, detailText, moveText, valueText, type HistorySubject } from './activity-text';

/** The enums namespace in Vietnamese, as useEnumLabel reads it (an unknown value shows as sent). */
const label = (name: EnumName, value: string) =>
  ((viEnums as Record<string, Record<string, string>>)[name]?.[value] ?? value);
/** common:activity in English with {{x}} filled in. */
const t = (key: string, o: Record<string, unknown> = {}) => {
  const text = key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], enCommon) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(o[k]));
};
const row = (over: Partial<ActivityRow>): ActivityRow => ({
  id: 1,
  action: 'update',
  detail: {},
  user: null,
  created_at: '2026-11-25T00:00:00Z',
  ...over,
});

describe('history panel: a move names its states (one mapping per subject)', () => {
  it('shows "from → to" with the labels of the subject machine', () => {
    expect(moveText({ from: 'advice', to: 'contract' }, 'service_request', label)).toBe(
      `${viEnums.serviceStep.advice} → ${viEnums.serviceStep.contract}`,
    );
    expect(moveText({ from: 'pending', to: 'made_call' }, 'client_message', label)).toBe(
      `${viEnums.leadStatus.pending} → ${viEnums.leadStatus.made_call}`,
    );
    expect(moveText({ from: 'pending', to: 'approved' }, 'producer', label)).toBe(
      `${viEnums.producerStatus.pending} → ${viEnums.producerStatus.approved}`,
    );
    expect(moveText({ from: 'pending', to: 'rejected' }, 'product', label)).toBe(
      `${viEnums.productStatus.pending} → ${viEnums.productStatus.rejected}`,
    );
    // A first state (no from) shows the target alone; a row without a move shows nothing.
    expect(moveText({ from: null, to: 'fill_info' }, 'service_request', label)).toBe(viEnums.serviceStep.fill_info);
    expect(moveText({ from: null, to: null }, 'product', label)).toBeNull();
    expect(moveText({}, 'product', label)).toBeNull();
    // Subjects without a machine never show one.
    expect(moveText({ from: 'a', to: 'b' }, 'register_service', label)).toBeNull();
  });

  it('maps every subject with a machine to an enum whose every state has a label', () => {
    const withMachine: HistorySubject[] = ['service_request', 'client_message', 'producer', 'product', 'batch'];
    for (const s of withMachine) {
      const e = HISTORY_SUBJECTS[s].status;
      expect(e, s).not.toBeNull();
      expect(Object.keys((viEnums as Record<string, object>)[e!] ?? {}).length, s).toBeGreaterThan(0);
    }
  });
});

describe('history panel: what an edit changed', () => {
  it('lists before → after for recorded values, names the others, counts imported rows', () => {
    const edit = row({
      detail: { fields: ['available', 'price_from', 'pricing'], changes: { available: [true, false], price_from: [null, 800000] } },
    });
    const fieldLabel = (f: string) => `<${f}>`;
    expect(detailText(edit, t, { stepLabel: (s) => s, fieldLabel, locale: 'en' })).toBe(
      '<available>: Yes → No · <price_from>: — → 800,000 · changed: <pricing>',
    );
    expect(detailText(row({ action: 'import_pricing', detail: { rows: 3 } }), t, { stepLabel: (s) => s, locale: 'en' })).toBe(
      'rows: 3',
    );
    expect(detailText(row({ action: 'reject', note: 'Thiếu ảnh' }), t, { stepLabel: (s) => s, locale: 'en' })).toBe(
      'Reason: Thiếu ảnh',
    );
  });

  it('shows values short: yes/no, grouped numbers, long text cut', () => {
    expect(valueText(1500000, t, 'vi')).toBe((1500000).toLocaleString('vi-VN'));
    expect(valueText('', t, 'en')).toBe('—');
    // A phone number as stored (E.164) reads the Vietnamese way in the history.
    expect(valueText('+84912345678', t, 'vi')).toBe('0912 345 678');
    expect(valueText('+842838234567', t, 'vi')).toBe('028 3823 4567');
    expect(valueText('x'.repeat(100), t, 'en')).toHaveLength(60);
  });
});
