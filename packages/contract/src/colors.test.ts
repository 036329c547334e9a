import { describe, expect, it } from 'vitest';
import { contrastRatio, mixColors, readableBrandColor } from './colors.js';
import { PLATFORMS } from './platforms.js';

describe('colour contrast', () => {
  it('computes the WCAG ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // DTrack's green on white: below the 4.5:1 of normal text.
    expect(contrastRatio('#029147', '#ffffff')).toBeCloseTo(4.08, 2);
  });

  it('mixes colours', () => {
    expect(mixColors('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColors('#029147', '#ffffff', 0)).toBe('#029147');
  });

  it('darkens a brand colour only as much as it must, for every platform', () => {
    for (const p of Object.values(PLATFORMS)) {
      const shade = readableBrandColor(p.primaryColor);
      expect(contrastRatio(shade, '#ffffff'), p.key).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(shade, mixColors(shade, '#ffffff', 0.85)), p.key).toBeGreaterThanOrEqual(4.5);
    }
    // AgriHub's blue already reads (6.8:1): kept as it is.
    expect(readableBrandColor('#145da0')).toBe('#145da0');
    expect(readableBrandColor('#029147')).toBe('#02773a');
  });
});
