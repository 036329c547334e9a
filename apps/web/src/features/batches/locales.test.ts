import { describe, expect, it } from 'vitest';
import traceEn from '../../trace/locales/en.json';
import traceVi from '../../trace/locales/vi.json';
import { describeFeatureLocales } from '../../test/locale-check';

const traceSources = import.meta.glob<string>(['../../trace/**/*.tsx', '../../trace/**/*.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

describeFeatureLocales({ ns: 'batches', minUsed: 50 });

describe('public trace page translations', () => {
  it('English has exactly the Vietnamese keys, none empty', () => {
    expect(Object.keys(traceEn).sort()).toEqual(Object.keys(traceVi).sort());
    for (const v of [...Object.values(traceEn), ...Object.values(traceVi)]) expect(v.trim()).not.toBe('');
  });

  it('every key the page uses exists', () => {
    const used = new Set<string>();
    for (const src of Object.values(traceSources))
      for (const m of src.matchAll(/\bt\(\s*'([a-zA-Z]+)'/g)) used.add(m[1]);
    expect([...used].filter((k) => !(k in traceVi))).toEqual([]);
  });

  it('says "not found" as the brief wants', () => {
    expect(traceVi.notFound).toBe('Không tìm thấy mã truy xuất');
  });
});
