import { expect, it } from 'vitest';
import vi from '../../../public/locales/vi/notifications.json';
import { describeFeatureLocales } from '../../test/locale-check';

const i18nSource = Object.values(
  import.meta.glob<string>('../../lib/i18n.ts', { eager: true, query: '?raw', import: 'default' }),
)[0];

describeFeatureLocales({ ns: 'notifications', minUsed: 10, users: 'bell and the page' }, () => {
  it('is a namespace the app loads', () => {
    expect(i18nSource).toMatch(/NAMESPACES = \[[^\]]*'notifications'/);
  });

  it('reads in Vietnamese with its diacritics', () => {
    expect(vi.actions.markAllRead).toBe('Đánh dấu tất cả đã đọc');
    expect(vi.list.filterUnread).toBe('Chưa đọc');
  });
});
