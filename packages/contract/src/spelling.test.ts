import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages/index.js';
import { toneMarkSlips, withPortalToneMarks } from './spelling.js';

describe('one spelling of open oa/oe/uy (ADR 020)', () => {
  it('finds the other placement and rewrites it', () => {
    expect(toneMarkSlips('Huỷ đơn, xoá ảnh, Thuỷ sản, khoẻ, uỷ quyền')).toEqual(['Huỷ', 'xoá', 'Thuỷ', 'khoẻ', 'uỷ']);
    expect(withPortalToneMarks('Huỷ đơn, XOÁ ảnh, Thuỷ sản, khoẻ, Uỷ ban')).toBe(
      'Hủy đơn, XÓA ảnh, Thủy sản, khỏe, Ủy ban',
    );
  });

  it('leaves alone what both conventions write alike', () => {
    // A final consonant or vowel keeps the mark on the main vowel; the u of "qu" is a consonant.
    const same = 'hoàn thành, chuyển khoản, quý khách, quà tặng, ngoáy, thuyết minh, Hủy, hóa đơn, Khánh Hòa';
    expect(toneMarkSlips(same)).toEqual([]);
    expect(withPortalToneMarks(same)).toBe(same);
  });

  it('sees decomposed text too (NFD input)', () => {
    expect(toneMarkSlips('Huỷ'.normalize('NFD'))).toEqual(['Huỷ']);
  });

  it('no contract message is written the other way', () => {
    const slips = Object.entries(MESSAGES.vi).flatMap(([key, text]) =>
      toneMarkSlips(text).map((w) => `${key}: ${w} → ${withPortalToneMarks(w)}`),
    );
    expect(slips).toEqual([]);
  });

  it('no text in the contract sources is written the other way (labels, units, provinces, messages)', () => {
    const dir = import.meta.dirname;
    const sources = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'spelling.ts');
    expect(sources.length).toBeGreaterThan(20);
    const slips = sources.flatMap((f) =>
      toneMarkSlips(fs.readFileSync(path.join(dir, f), 'utf8')).map((w) => `${f}: ${w} → ${withPortalToneMarks(w)}`),
    );
    expect(slips).toEqual([]);
  });
});
