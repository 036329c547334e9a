import { describe, expect, it } from 'vitest';
import { ADMIN_MENU, PRODUCER_MENU, type MenuEntry } from '@agrihub/contract/menu';
import { PRODUCER_PROFILE_FIELDS } from '@agrihub/contract/schemas/producers';
import { APPROVAL_STATUSES } from '@agrihub/contract/constants';
import { PLATFORMS } from '@agrihub/contract/platforms';
import { translationKeys as keys, type TranslationTree as Json } from './translation-keys';

const files = import.meta.glob<Json>('../../public/locales/*/*.json', { eager: true, import: 'default' });

function bundle(lng: string, ns: string): Json {
  const found = files[`../../public/locales/${lng}/${ns}.json`];
  if (!found) throw new Error(`missing ${lng}/${ns}.json`);
  return found;
}

function has(obj: Json, path: string): boolean {
  let node: Json | string | undefined = obj;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' && node.length > 0;
}

const SHELL_NAMESPACES = ['common', 'auth', 'menu', 'account', 'dashboard', 'no-permission', 'security', 'admin'];

/** Every namespace shipped in Vietnamese, whatever feature owns it. */
const ALL_NAMESPACES = Object.keys(files)
  .filter((f) => f.includes('/locales/vi/'))
  .map((f) => f.replace(/^.*\/vi\/(.+)\.json$/, '$1'));

describe('translations', () => {
  it('checks the shell namespaces and every feature namespace', () => {
    expect(ALL_NAMESPACES).toEqual(expect.arrayContaining([...SHELL_NAMESPACES, 'products', 'batches']));
  });

  it.each(ALL_NAMESPACES)('%s: English has exactly the Vietnamese keys', (ns) => {
    // Plural forms differ by language (English has _one and _other, Vietnamese only _other).
    const base = (lng: string) =>
      [...new Set(keys(bundle(lng, ns)).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
    expect(base('en')).toEqual(base('vi'));
  });

  it('no-permission reads as the spec says', () => {
    expect(bundle('vi', 'no-permission').title).toBe('Bạn không có quyền truy cập');
  });

  it('role labels of the top bar', () => {
    expect(has(bundle('vi', 'common'), 'role.admin') && bundle('vi', 'common').role).toMatchObject({
      admin: 'Quản trị viên',
      producer: 'Nhà sản xuất',
    });
  });

  it('every menu label of the contract is translated', () => {
    const labels = (entries: MenuEntry[]): string[] =>
      entries.flatMap((e) => [e.labelKey, ...labels(e.children ?? [])]);
    for (const lng of ['vi', 'en']) {
      for (const key of labels([...PRODUCER_MENU, ...ADMIN_MENU]))
        expect(has(bundle(lng, 'menu'), key), `${lng} menu.${key}`).toBe(true);
    }
  });

  it('platform taglines, producer fields and status explanations are translated', () => {
    for (const lng of ['vi', 'en']) {
      for (const p of Object.values(PLATFORMS)) expect(has(bundle(lng, 'common'), p.taglineKey)).toBe(true);
      const account = bundle(lng, 'account');
      for (const f of PRODUCER_PROFILE_FIELDS) expect(has(account, `fields.${f}`), f).toBe(true);
      // Type, business field and status labels: namespace enums (lib/enums.test.ts).
      for (const v of APPROVAL_STATUSES) expect(has(bundle(lng, 'dashboard'), `status.${v}`)).toBe(true);
    }
  });
});
