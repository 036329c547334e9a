import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toneMarkSlips, withPortalToneMarks } from '@agrihub/contract/spelling';

// The demo data and every text the server writes itself (exports, PDFs, mails) spell open oa/oe/uy
// one way (ADR 020): "Thủy sản", "Hủy", "hóa đơn" — never "Thuỷ", "Huỷ", "hoá".
describe('one spelling in the server and its demo data (ADR 020)', () => {
  it('no source of the server is written the other way', () => {
    const src = path.resolve(import.meta.dirname, '../..');
    const files = fs
      .readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(files).toContain(path.join('db', 'seed', 'catalog.ts'));
    const slips = files.flatMap((f) =>
      toneMarkSlips(fs.readFileSync(path.join(src, f), 'utf8')).map((w) => `${f}: ${w} → ${withPortalToneMarks(w)}`),
    );
    expect(slips).toEqual([]);
  });
});
