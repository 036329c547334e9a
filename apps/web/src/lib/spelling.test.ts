import { describe, expect, it } from 'vitest';
import { toneMarkSlips, withPortalToneMarks } from '@agrihub/contract/spelling';

// Every Vietnamese text the web app ships: the namespaces, the light pages' words (trace, content)
// and the sources (a few labels live in code). ADR 020: "Hủy", "Xóa", "Thủy sản", never "Huỷ"…
const texts = {
  ...import.meta.glob<string>('../../public/locales/vi/*.json', { eager: true, query: '?raw', import: 'default' }),
  ...import.meta.glob<string>(['../content/locales/vi.json', '../trace/locales/vi.json'], {
    eager: true,
    query: '?raw',
    import: 'default',
  }),
  ...import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
    eager: true,
    query: '?raw',
    import: 'default',
  }),
};

describe('one spelling of open oa/oe/uy in the web app (ADR 020)', () => {
  it('reads the Vietnamese namespaces, the light pages and the sources', () => {
    const names = Object.keys(texts);
    expect(names.filter((f) => f.includes('/locales/vi/')).length).toBeGreaterThan(20);
    expect(names).toContain('../trace/locales/vi.json');
    expect(names).toContain('../content/locales/vi.json');
  });

  it('no text is written the other way', () => {
    const slips = Object.entries(texts).flatMap(([file, text]) =>
      toneMarkSlips(text).map((w) => `${file}: ${w} → ${withPortalToneMarks(w)}`),
    );
    expect(slips).toEqual([]);
  });
});
