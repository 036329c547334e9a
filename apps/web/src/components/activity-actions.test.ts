import { describe, expect, it } from 'vitest';
import en from '../../public/locales/en/common.json';
import vi from '../../public/locales/vi/common.json';
import { ACTIVITY_ACTIONS } from './activity-actions';

describe('history panel texts (common:activity)', () => {
  it('names every history action the server records, in Vietnamese and English', () => {
    for (const action of ACTIVITY_ACTIONS) {
      expect(vi.activity.actions[action], action).toMatch(/\S/);
      expect(en.activity.actions[action], action).toMatch(/\S/);
    }
    expect(Object.keys(vi.activity).sort()).toEqual(Object.keys(en.activity).sort());
    expect(vi.activity.reason).toContain('{{reason}}');
    expect(en.activity.reason).toContain('{{reason}}');
  });
});
